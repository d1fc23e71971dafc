/**
 * The live feed of one server process: ONE subscription to the database channel (`DbHandle.listen`), fanned out to
 * the process's server-sent-event clients, with a comment line every ~20 s so that proxies keep idle streams open.
 */
import { LIVE_CHANNEL, type LiveNotice, liveNoticeSchema } from '../../shared/events.ts';
import type { DbHandle } from '../db/client.ts';

/** One SSE client: writes a chunk of the stream; ends the stream when the hub closes. */
interface LiveClient {
  write(chunk: string): void;
  end(): void;
}

export interface LiveHub {
  /** Adds a client; answers its removal. Starts the database subscription with the first client. */
  subscribe(client: LiveClient): Promise<() => void>;
  /** Clients connected now (tests, health). */
  readonly size: number;
  /** Stops the subscription and ends every stream. */
  close(): Promise<void>;
}

/** The SSE frame of a notice. Example: `{entity: 'task', ids: [1], by: 2}` → 'event: change\ndata: {...}\n\n'. */
function changeFrame(notice: LiveNotice): string {
  return `event: change\ndata: ${JSON.stringify(notice)}\n\n`;
}

/** Sent when the stream opens and whenever notices may have been missed: the client refreshes what it shows. */
export const READY_FRAME = 'event: ready\ndata: {}\n\n';

export function createLiveHub(db: Pick<DbHandle, 'listen'>, heartbeatMs = 20_000): LiveHub {
  const clients = new Set<LiveClient>();
  let subscription: Promise<() => Promise<void>> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const broadcast = (chunk: string) => {
    for (const client of clients) {
      try {
        client.write(chunk);
      } catch {
        clients.delete(client);
      }
    }
  };
  const onPayload = (payload: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const notice = liveNoticeSchema.safeParse(parsed);
    if (notice.success) broadcast(changeFrame(notice.data));
  };
  const start = () => {
    if (subscription) return subscription;
    // Notices missed while the database connection was away: the clients refresh as on a reconnection.
    subscription = db.listen(LIVE_CHANNEL, onPayload, () => broadcast(READY_FRAME));
    subscription.catch(() => {
      subscription = undefined;
    });
    heartbeat = setInterval(() => broadcast(': ping\n\n'), heartbeatMs);
    heartbeat.unref();
    return subscription;
  };
  return {
    async subscribe(client) {
      clients.add(client);
      try {
        await start();
      } catch (error) {
        clients.delete(client);
        throw error;
      }
      return () => {
        clients.delete(client);
      };
    },
    get size() {
      return clients.size;
    },
    async close() {
      clearInterval(heartbeat);
      for (const client of clients) client.end();
      clients.clear();
      const stop = subscription;
      subscription = undefined;
      if (stop) await (await stop.catch(() => async () => {}))();
    },
  };
}
