/**
 * NOTIFY subscriptions of a database handle (DbHandle.listen): the subscribers by channel, and for PostgreSQL the one
 * connection of the handle that LISTENs on every channel subscribed to. Pooled connections run transactions and go
 * back to the pool; a LISTEN must stay, so it gets a connection of its own — one per handle, whatever the channels.
 */
import pg from 'pg';

/** One subscriber of a channel: its notices and, optionally, word that some may have been missed. */
export interface Subscriber {
  onPayload: (payload: string) => void;
  onGap?: () => void;
}

/** Starts listening on a channel; answers its stop. */
type Start = () => Promise<() => Promise<void>>;

/** The subscribers of a handle by channel; the first subscriber of a channel starts its listening, the last stops it. */
export function createListeners() {
  const byChannel = new Map<string, { subscribers: Set<Subscriber>; stop: ReturnType<Start> }>();
  return {
    dispatch(channel: string, payload: string) {
      for (const subscriber of byChannel.get(channel)?.subscribers ?? []) subscriber.onPayload(payload);
    },
    /** Tells the channel's subscribers that notices may have been missed. */
    gap(channel: string) {
      for (const subscriber of byChannel.get(channel)?.subscribers ?? []) subscriber.onGap?.();
    },
    async add(channel: string, subscriber: Subscriber, start: Start): Promise<() => Promise<void>> {
      let entry = byChannel.get(channel);
      if (!entry) {
        entry = { subscribers: new Set(), stop: start() };
        byChannel.set(channel, entry);
        entry.stop.catch(() => byChannel.delete(channel));
      }
      // Its own object: the same callbacks subscribed twice are two subscriptions, each ended by its own stop.
      const own = { ...subscriber };
      entry.subscribers.add(own);
      await entry.stop;
      const held = entry;
      return async () => {
        held.subscribers.delete(own);
        if (held.subscribers.size > 0 || byChannel.get(channel) !== held) return;
        byChannel.delete(channel);
        await (await held.stop)();
      };
    },
    async close() {
      const stops = [...byChannel.values()].map((entry) => entry.stop);
      byChannel.clear();
      await Promise.all(stops.map(async (stop) => (await stop.catch(() => async () => {}))()));
    },
  };
}

type Listeners = ReturnType<typeof createListeners>;

/**
 * PostgreSQL: the handle's one listening connection, opened with the first channel and ended after the last.
 * Lost, it is reopened after a second (again until it works or nothing is listened to), LISTENs on every channel
 * again, and the subscribers of every channel hear of the gap: when it is lost and again when it is back. Statements
 * on it run one after another, so a LISTEN and an UNLISTEN of the same channel never cross.
 */
export function createListenerConnection(url: string, listeners: Listeners) {
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** The last statement or opening sent; the next one waits for it. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const gapAll = () => {
    for (const channel of channels) listeners.gap(channel);
  };
  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => listeners.dispatch(message.channel, message.payload ?? ''));
    const lost = (reason: string) => {
      if (client !== next) return;
      client = undefined;
      console.error('database listener lost:', reason);
      gapAll();
      if (channels.size > 0) retry = setTimeout(reopen, 1000);
    };
    next.on('error', (error) => {
      lost(error.message);
      next.end().catch(() => undefined);
    });
    next.on('end', () => lost('connection ended'));
    await next.connect();
    try {
      for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    return next;
  };
  const reopen = () => {
    retry = undefined;
    serial(async () => {
      if (client || channels.size === 0) return;
      await open();
      // Back: what was committed while it was gone was not heard.
      gapAll();
    }).catch((error: Error) => {
      console.error('database listener failed:', error.message);
      if (channels.size > 0 && !client) retry = setTimeout(reopen, 1000);
    });
  };
  return {
    /** LISTENs on the channel (opening the connection first if needed); answers its UNLISTEN. */
    listen(channel: string): Promise<() => Promise<void>> {
      return serial(async () => {
        channels.add(channel);
        try {
          if (client) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          else await open();
        } catch (error) {
          channels.delete(channel);
          throw error;
        }
        return () => serial(() => unlisten(channel));
      });
    },
  };
  async function unlisten(channel: string): Promise<void> {
    channels.delete(channel);
    if (!client) {
      if (channels.size === 0) clearTimeout(retry);
      return;
    }
    const current = client;
    if (channels.size > 0) {
      await current.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      return;
    }
    client = undefined;
    clearTimeout(retry);
    await current.end().catch(() => undefined);
  }
}
