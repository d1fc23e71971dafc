import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveNotice } from '../../shared/events.ts';
import { createStreamParser, type StreamEvent, subscribeLiveFeed } from './events.ts';

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

/** A streamed answer whose chunks the test pushes. */
function streamed() {
  let push: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return {
    response: new Response(body, { status: 200 }),
    push: (text: string) => push(text),
    end: () => end(),
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
    let ready = 0;
    const stop = subscribeLiveFeed((notice) => notices.push(notice), {
      onReady: () => {
        ready += 1;
      },
      retryMs: 10,
    });
    await vi.waitFor(() => expect(call).toBe(1));
    streams[0].push('event: ready\ndata: {}\n\n');
    streams[0].push('event: change\ndata: {"entity":"task","ids":[5],"by":1}\n\n');
    streams[0].push('event: change\ndata: {"entity":"nonsense"}\n\n');
    await vi.waitFor(() => expect(notices).toEqual([{ entity: 'task', ids: [5], by: 1 }]));
    streams[0].end();
    await vi.waitFor(() => expect(call).toBe(2));
    streams[1].push('event: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(ready).toBe(2));
    expect(seen).toEqual(['Bearer abc', 'Bearer abc']);
    stop();
    localStorage.removeItem('token');
  });

  it('stops for good on 401', async () => {
    const fetchMock = vi.fn(async () => new Response('', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const stop = subscribeLiveFeed(() => undefined, { retryMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });
});
