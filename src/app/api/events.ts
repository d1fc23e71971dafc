/**
 * The client of the live feed (`GET /api/events`, server-sent events; see src/shared/events.ts). EventSource cannot
 * send the Authorization header, so the stream is read with fetch and a ReadableStream reader. A dropped stream is
 * opened again after the server's `retry` delay; every `ready` (the first and each reconnection) is reported so the
 * screen refreshes what it may have missed. A 401 or 403 ends the subscription.
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

export interface LiveFeedOptions {
  /** Called when the stream is open (again): refresh, something may have changed meanwhile. */
  onReady?: () => void;
  /** Delay before reopening a dropped stream until the server says otherwise (ms). */
  retryMs?: number;
}

const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/**
 * Listens to the live feed until the returned function is called: `onChange` gets every valid change notice.
 * Example: `const stop = subscribeLiveFeed((notice) => notice.entity === 'flight' && reload())`.
 */
export function subscribeLiveFeed(
  onChange: (notice: LiveNotice) => void,
  options: LiveFeedOptions = {},
): () => void {
  const controller = new AbortController();
  let retryMs = options.retryMs ?? 3000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onEvent = ({ event, data }: StreamEvent) => {
    if (event === 'ready') options.onReady?.();
    if (event !== 'change') return;
    try {
      const notice = liveNoticeSchema.safeParse(JSON.parse(data));
      if (notice.success) onChange(notice.data);
    } catch {
      // A notice that is not JSON tells nothing: the next one will.
    }
  };

  const open = async () => {
    let stop = false;
    try {
      const response = await fetch(`${API_URL}/events`, {
        headers: { accept: 'text/event-stream', ...authHeaders() },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) stop = true;
      else if (response.ok && response.body) {
        const parse = createStreamParser(onEvent, (ms) => {
          retryMs = ms;
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parse(value);
        }
      }
    } catch {
      // A dropped connection or an abort: the abort ends below, anything else opens again.
    }
    if (!stop && !controller.signal.aborted) timer = setTimeout(open, retryMs);
  };

  void open();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
