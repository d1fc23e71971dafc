import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub } from './hub.ts';

/** A database whose one channel the test drives by hand. */
function fakeDb() {
  const listeners: ((payload: string) => void)[] = [];
  const gaps: (() => void)[] = [];
  let stops = 0;
  return {
    listen: vi.fn(async (_channel: string, onPayload: (payload: string) => void, onGap?: () => void) => {
      listeners.push(onPayload);
      if (onGap) gaps.push(onGap);
      return async () => {
        stops += 1;
      };
    }),
    send: (payload: string) => {
      for (const listener of listeners) listener(payload);
    },
    gap: () => {
      for (const gap of gaps) gap();
    },
    stops: () => stops,
  };
}

const client = () => {
  const chunks: string[] = [];
  return { chunks, write: (chunk: string) => chunks.push(chunk), end: vi.fn() };
};

afterEach(() => vi.useRealTimers());

describe('live hub', () => {
  it('listens once for all its clients and fans every valid notice out to each', async () => {
    const db = fakeDb();
    const hub = createLiveHub(db);
    const a = client();
    const b = client();
    await hub.subscribe(a);
    const leaveB = await hub.subscribe(b);
    expect(db.listen).toHaveBeenCalledTimes(1);
    db.send(JSON.stringify({ entity: 'task', ids: [1, 2], by: 3 }));
    db.send('not json');
    db.send(JSON.stringify({ entity: 'secret', ids: [1], by: null }));
    leaveB();
    db.send(JSON.stringify({ entity: 'team', ids: [4], by: null }));
    expect(a.chunks).toEqual([
      'event: change\ndata: {"entity":"task","ids":[1,2],"by":3}\n\n',
      'event: change\ndata: {"entity":"team","ids":[4],"by":null}\n\n',
    ]);
    expect(b.chunks).toEqual(['event: change\ndata: {"entity":"task","ids":[1,2],"by":3}\n\n']);
    await hub.close();
  });

  it('tells every client to refresh when notices may have been missed', async () => {
    const db = fakeDb();
    const hub = createLiveHub(db);
    const a = client();
    await hub.subscribe(a);
    db.gap();
    expect(a.chunks).toEqual(['event: ready\ndata: {}\n\n']);
    await hub.close();
  });

  it('sends a comment line to every client at each heartbeat and ends them and the subscription on close', async () => {
    vi.useFakeTimers();
    const db = fakeDb();
    const hub = createLiveHub(db, 20_000);
    const a = client();
    await hub.subscribe(a);
    vi.advanceTimersByTime(40_000);
    expect(a.chunks).toEqual([': ping\n\n', ': ping\n\n']);
    await hub.close();
    expect(a.end).toHaveBeenCalled();
    expect(db.stops()).toBe(1);
    expect(hub.size).toBe(0);
  });
});
