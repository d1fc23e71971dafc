import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { jsonText, sendTypedJson } from './typedJson.ts';

/** A reply that records what is sent. */
function recordingReply() {
  const sent: { type?: string; body?: unknown } = {};
  const reply = {
    type(value: string) {
      sent.type = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

describe('sendTypedJson', () => {
  it('sends the answer as JSON text', async () => {
    const { reply, sent } = recordingReply();
    expect(await sendTypedJson(reply, { a: [1, 'б'] })).toBe(reply);
    expect(sent).toEqual({ type: 'application/json; charset=utf-8', body: '{"a":[1,"б"]}' });
  });

  it('lets the event loop run what waits before writing the text', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('waiting I/O'));
    const { reply } = recordingReply();
    const answer = {
      toJSON() {
        order.push('written');
        return {};
      },
    };
    await sendTypedJson(reply, answer);
    expect(order).toEqual(['waiting I/O', 'written']);
  });
});

describe('jsonText', () => {
  it('writes the same text as JSON.stringify, a long array included', async () => {
    const rows = Array.from({ length: 4501 }, (_, i) => ({ id: i, name: `Рейс ${i}`, none: undefined }));
    for (const answer of [{ a: 1 }, [], [1, undefined, 'б'], rows, rows.slice(0, 250), rows.slice(0, 251)])
      expect(await jsonText(answer)).toBe(JSON.stringify(answer));
  });

  it('gives the event loop a turn once the slices have held the thread 8 ms', async () => {
    const order: string[] = [];
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    // Each slice of 250 elements holds the thread 10 ms (its first element's toJSON).
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      toJSON() {
        if (i % 250 === 0) {
          order.push(`slice at ${i}`);
          busy(10);
        }
        return i;
      },
    }));
    setImmediate(() => order.push('waiting I/O'));
    await jsonText(rows);
    expect(order).toEqual([
      'slice at 0',
      'waiting I/O',
      'slice at 250',
      'slice at 500',
      'slice at 750',
      'slice at 1000',
    ]);
  });
});
