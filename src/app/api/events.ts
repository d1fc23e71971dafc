/**
 * The client of the live feed (`GET /api/events`, server-sent events; see src/shared/events.ts). EventSource cannot
 * send the Authorization header, so the stream is read with fetch and a ReadableStream reader. A dropped stream is
 * opened again after an exponential backoff with jitter (1–3 s, doubling to 30 s, back to the start once a stream is
 * ready), so clients do not hammer a restarting server together; a stream silent for 2.5 of the server's pings is
 * taken as dead and opened again. Every `ready` (the first and each reconnection) is reported so the screen refreshes
 * what it may have missed, and a feed down for more than a few seconds is told to the frame (`liveFeedStale`). A 401
 * or 403 ends the subscription.
 */
import { type LiveNotice, liveNoticeSchema } from '../../shared/events.ts';
import { authHeaders } from './headers.ts';

/** One event of the stream: its name ('message' when none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * A parser of the text/event-stream format fed chunk by chunk; calls `onEvent` per complete event and `onRetry`
 * per `retry:` field. Example: feeding 'event: change\ndata: {}\n\n' calls onEvent({event: 'change', data: '{}'}).
 */
export function createStreamParser(
  onEvent: (event: StreamEvent) => void,
  onRetry: (ms: number) => void = () => {},
) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const text of lines) line(text);
  };
}

/** The server's heartbeat: a `: ping` comment line this often (src/server/events/hub.ts). */
const PING_INTERVAL_MS = 20_000;
/** A stream that sent not one byte (ping or event) for this long is dead, even if the socket says otherwise. */
export const SILENCE_LIMIT_MS = 2.5 * PING_INTERVAL_MS;
/** The feed down (not ready) this long makes the frame say the data may be stale. */
export const STALE_AFTER_MS = 5000;
const FIRST_DELAY_MS = { low: 1000, high: 3000 };
const MAX_DELAY_MS = 30_000;

/**
 * The wait before reopening the stream after `failures` attempts in a row that came to no ready stream: between 1 and
 * 3 s at first, both bounds doubling per failure up to 30 s, uniformly at random in between. A `retry` of the server
 * longer than that upper bound (an evicted stream is told 60 s) is kept, plus up to a quarter of it at random.
 * Example: reconnectDelay(0, () => 0.5) = 2000; reconnectDelay(3, () => 0) = 8000; reconnectDelay(9, () => 1) = 30000.
 */
export function reconnectDelay(
  failures: number,
  random: () => number = Math.random,
  serverRetryMs = 0,
): number {
  const factor = 2 ** Math.min(failures, 16);
  const low = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS.low * factor);
  const high = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS.high * factor);
  if (serverRetryMs > high) return Math.round(serverRetryMs * (1 + random() / 4));
  return Math.round(low + random() * (high - low));
}

/** The subscriptions whose feed has been down for longer than STALE_AFTER_MS, and who listens to that. */
const staleFeeds = new Set<number>();
const staleListeners = new Set<() => void>();
let nextSubscription = 0;

function setStale(id: number, stale: boolean) {
  const before = staleFeeds.size > 0;
  if (stale) staleFeeds.add(id);
  else staleFeeds.delete(id);
  if (staleFeeds.size > 0 !== before) for (const listener of staleListeners) listener();
}

/** Whether a live feed of this page has been down for more than a few seconds: what it shows may be stale. */
export function liveFeedStale(): boolean {
  return staleFeeds.size > 0;
}

/** Calls `listener` whenever `liveFeedStale()` changes; answers the function that stops it (useSyncExternalStore). */
export function onLiveFeedStale(listener: () => void): () => void {
  staleListeners.add(listener);
  return () => {
    staleListeners.delete(listener);
  };
}

export interface LiveFeedOptions {
  /**
   * Called when the stream is open (again): refresh, something may have changed meanwhile. `first` is true only for
   * a first attempt that opened at once: the screen's own load, made beside it, already holds what was there.
   */
  onReady?: (ready: { first: boolean }) => void;
  /** The wait before reopening after `failures` failed attempts in a row (tests); default `reconnectDelay`. */
  delay?: (failures: number, serverRetryMs: number) => number;
  /** Silence after which the stream is dropped and opened again (ms); default SILENCE_LIMIT_MS. */
  silenceMs?: number;
}

const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/** A `Retry-After` in seconds as milliseconds, 0 when there is none (or it is a date). */
function retryAfterMs(response: Response): number {
  const value = response.headers.get('retry-after') ?? '';
  return /^\d+$/.test(value) ? Number(value) * 1000 : 0;
}

/**
 * Listens to the live feed until the returned function is called: `onChange` gets every valid change notice.
 * Example: `const stop = subscribeLiveFeed((notice) => notice.entity === 'flight' && reload())`.
 */
export function subscribeLiveFeed(
  onChange: (notice: LiveNotice) => void,
  options: LiveFeedOptions = {},
): () => void {
  const id = nextSubscription++;
  const delay =
    options.delay ?? ((failures, serverRetryMs) => reconnectDelay(failures, Math.random, serverRetryMs));
  const silenceMs = options.silenceMs ?? SILENCE_LIMIT_MS;
  let stopped = false;
  let connection: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let staleTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let everReady = false;
  let serverRetryMs = 0;

  // Down (opening, or waiting to reopen) since the first moment not ready; stale once that lasts.
  const down = () => {
    if (staleTimer !== undefined || staleFeeds.has(id)) return;
    staleTimer = setTimeout(() => setStale(id, true), STALE_AFTER_MS);
  };
  const up = () => {
    clearTimeout(staleTimer);
    staleTimer = undefined;
    setStale(id, false);
  };

  const onEvent = ({ event, data }: StreamEvent) => {
    if (event === 'ready') {
      const first = !everReady && failures === 0;
      everReady = true;
      failures = 0;
      up();
      options.onReady?.({ first });
    }
    if (event !== 'change') return;
    try {
      const notice = liveNoticeSchema.safeParse(JSON.parse(data));
      if (notice.success) onChange(notice.data);
    } catch {
      // A notice that is not JSON tells nothing: the next one will.
    }
  };

  const open = async () => {
    const current = new AbortController();
    connection = current;
    serverRetryMs = 0;
    // Any byte (the answer's head, a ping, an event) proves the connection alive for another silenceMs.
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => current.abort(), silenceMs);
    };
    let refused = false;
    alive();
    try {
      const response = await fetch(`${API_URL}/events`, {
        headers: { accept: 'text/event-stream', ...authHeaders() },
        signal: current.signal,
        cache: 'no-store',
      });
      alive();
      if (response.status === 401 || response.status === 403) refused = true;
      else if (response.ok && response.body) {
        const parse = createStreamParser(onEvent, (ms) => {
          serverRetryMs = ms;
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          alive();
          parse(value);
        }
      } else serverRetryMs = retryAfterMs(response);
    } catch {
      // A dropped connection, the watchdog's abort or the caller's: the last ends below, the others open again.
    }
    clearTimeout(watchdog);
    if (stopped) return;
    if (refused) {
      up();
      return;
    }
    down();
    timer = setTimeout(open, delay(failures, serverRetryMs));
    failures += 1;
  };

  down();
  void open();
  return () => {
    stopped = true;
    connection?.abort();
    clearTimeout(timer);
    clearTimeout(watchdog);
    up();
  };
}
