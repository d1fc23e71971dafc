import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveNotice } from '../../shared/events.ts';
import {
  createStreamParser,
  liveFeedStale,
  onLiveFeedStale,
  reconnectDelay,
  SILENCE_LIMIT_MS,
  STALE_AFTER_MS,
  type StreamEvent,
  subscribeLiveFeed,
} from './events.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the stream parser', () => {
  it('reads named events across chunk boundaries and skips comments', () => {
    const events: StreamEvent[] = [];
    const retries: number[] = [];
    const feed = createStreamParser(
      (event) => events.push(event),
      (ms) => retries.push(ms),
    );
    feed('retry: 3000\nevent: ready\ndata: {}\n\n: ping\n\nevent: cha');
    feed('nge\ndata: {"entity":"flight",\r\ndata: "ids":[1]}\n');
    expect(events).toEqual([{ event: 'ready', data: '{}' }]);
    feed('\n');
    expect(events[1]).toEqual({ event: 'change', data: '{"entity":"flight",\n"ids":[1]}' });
    expect(retries).toEqual([3000]);
  });

  it('names an event without an event field message', () => {
    const events: StreamEvent[] = [];
    createStreamParser((event) => events.push(event))('data: x\n\n');
    expect(events).toEqual([{ event: 'message', data: 'x' }]);
  });
});

/** A streamed answer whose chunks the test pushes; `fail` breaks it as a lost connection or an abort does. */
function streamed() {
  let push: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
      fail = () => controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    },
  });
  return {
    response: new Response(body, { status: 200 }),
    push: (text: string) => push(text),
    end: () => end(),
    fail: () => fail(),
  };
}

describe('a subscription', () => {
  it('sends the token, reports ready and valid notices, and reopens a dropped stream', async () => {
    localStorage.setItem('token', 'abc');
    const streams = [streamed(), streamed()];
    const seen: (string | null)[] = [];
    let call = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(new Headers(init.headers).get('authorization'));
        return streams[call++].response;
      }),
    );
    const notices: LiveNotice[] = [];
    const firsts: boolean[] = [];
    const stop = subscribeLiveFeed((notice) => notices.push(notice), {
      onReady: ({ first }) => {
        firsts.push(first);
      },
      delay: () => 10,
    });
    await vi.waitFor(() => expect(call).toBe(1));
    streams[0].push('event: ready\ndata: {}\n\n');
    streams[0].push('event: change\ndata: {"entity":"task","ids":[5],"by":1}\n\n');
    streams[0].push('event: change\ndata: {"entity":"nonsense"}\n\n');
    await vi.waitFor(() => expect(notices).toEqual([{ entity: 'task', ids: [5], by: 1 }]));
    streams[0].end();
    await vi.waitFor(() => expect(call).toBe(2));
    streams[1].push('event: ready\ndata: {}\n\n');
    // The first ready came with the screen's own load; the second is a reconnection.
    await vi.waitFor(() => expect(firsts).toEqual([true, false]));
    expect(seen).toEqual(['Bearer abc', 'Bearer abc']);
    stop();
    localStorage.removeItem('token');
  });

  it('reports the first ready as a reconnection when the feed was down as the page opened', async () => {
    const stream = streamed();
    let call = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        call += 1;
        if (call === 1) throw new TypeError('Failed to fetch');
        return stream.response;
      }),
    );
    const firsts: boolean[] = [];
    const stop = subscribeLiveFeed(() => undefined, {
      onReady: ({ first }) => {
        firsts.push(first);
      },
      delay: () => 5,
    });
    await vi.waitFor(() => expect(call).toBe(2));
    stream.push('event: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(firsts).toEqual([false]));
    stop();
  });

  it('stops for good on 401', async () => {
    const fetchMock = vi.fn(async () => new Response('', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const stop = subscribeLiveFeed(() => undefined, { delay: () => 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the wait before reopening the stream', () => {
  it('starts between 1 and 3 s and doubles both bounds per failure up to 30 s', () => {
    const bounds = [0, 1, 2, 3, 4, 5, 12, 100].map((failures) => [
      reconnectDelay(failures, () => 0),
      reconnectDelay(failures, () => 0.999_999),
    ]);
    expect(bounds).toEqual([
      [1000, 3000],
      [2000, 6000],
      [4000, 12_000],
      [8000, 24_000],
      [16_000, 30_000],
      [30_000, 30_000],
      [30_000, 30_000],
      [30_000, 30_000],
    ]);
  });

  it('spreads clients at random between the bounds (jitter), so they do not come back together', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(2000);
    expect(reconnectDelay(2, () => 0.25)).toBe(6000);
    const waits = new Set(Array.from({ length: 50 }, () => reconnectDelay(1)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) expect(wait >= 2000 && wait <= 6000).toBe(true);
  });

  it("keeps a server's retry longer than the backoff (an evicted stream's minute), not the usual 3 s", () => {
    expect(reconnectDelay(0, () => 0, 60_000)).toBe(60_000);
    expect(reconnectDelay(0, () => 1, 60_000)).toBe(75_000);
    expect(reconnectDelay(0, () => 0, 3000)).toBe(1000);
  });
});

describe('when the server cannot be reached', () => {
  it('tries again after 1, 2, 4, 8 s… (no jitter drawn), back to 1 s after a stream was ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const ready = streamed();
    const calls: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls.push(Date.now());
        if (calls.length === 5) return ready.response;
        throw new TypeError('Failed to fetch');
      }),
    );
    const start = Date.now();
    const stop = subscribeLiveFeed(() => undefined);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls.map((at) => at - start)).toEqual([0, 1000, 3000, 7000, 15_000]);
    ready.push('retry: 3000\nevent: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(10);
    ready.end();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(6);
    stop();
    vi.restoreAllMocks();
  });

  it("waits the server's Retry-After when it refuses more streams (503), not the first backoff", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = vi.fn(
      async () => new Response('{}', { status: 503, headers: { 'retry-after': '60' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stop = subscribeLiveFeed(() => undefined);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(16_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('says the data may be stale once the feed has been down for a few seconds, and not once it is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const streams = [streamed(), streamed()];
    let call = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streams[call++].response),
    );
    const changes: boolean[] = [];
    const unlisten = onLiveFeedStale(() => changes.push(liveFeedStale()));
    const stop = subscribeLiveFeed(() => undefined, { delay: () => 500 });
    await vi.advanceTimersByTimeAsync(10);
    streams[0].push('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(10);
    streams[0].end();
    // Reconnecting at once (500 ms later) is no news: the second stream answers, but is not ready yet.
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS - 10);
    expect(liveFeedStale()).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(liveFeedStale()).toBe(true);
    streams[1].push('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(10);
    expect(liveFeedStale()).toBe(false);
    expect(changes).toEqual([true, false]);
    stop();
    unlisten();
  });

  it('forgets a stopped subscription that was down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const stop = subscribeLiveFeed(() => undefined);
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS + 10);
    expect(liveFeedStale()).toBe(true);
    stop();
    expect(liveFeedStale()).toBe(false);
  });
});

describe('when the stream falls silent', () => {
  it('drops it after 2.5 pings without a byte and opens another; pings keep it open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const streams = [streamed(), streamed()];
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const stream = streams[signals.length];
        const signal = init.signal as AbortSignal;
        signals.push(signal);
        signal.addEventListener('abort', () => stream.fail());
        return stream.response;
      }),
    );
    let ready = 0;
    const stop = subscribeLiveFeed(() => undefined, {
      delay: () => 100,
      onReady: () => {
        ready += 1;
      },
    });
    await vi.advanceTimersByTimeAsync(10);
    streams[0].push('event: ready\ndata: {}\n\n');
    // A ping every 20 s for two minutes: alive all along.
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(20_000);
      streams[0].push(': ping\n\n');
    }
    expect(signals).toHaveLength(1);
    expect(signals[0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 10);
    expect(signals[0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(signals[0].aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(signals).toHaveLength(2);
    streams[1].push('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(10);
    expect(ready).toBe(2);
    stop();
    expect(signals[1].aborted).toBe(true);
  });
});
