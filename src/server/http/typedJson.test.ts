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
    for (const answer of [{ a: 1 }, [], [1, undefined, 'б'], rows, rows.slice(0, 2000), rows.slice(0, 2001)])
      expect(await jsonText(answer)).toBe(JSON.stringify(answer));
  });

  it('gives the event loop a turn between the slices of a long array', async () => {
    const order: string[] = [];
    const rows = Array.from({ length: 4001 }, (_, i) => ({
      toJSON() {
        if (i % 2000 === 0) order.push(`slice at ${i}`);
        return i;
      },
    }));
    setImmediate(() => order.push('waiting I/O'));
    await jsonText(rows);
    expect(order).toEqual(['slice at 0', 'waiting I/O', 'slice at 2000', 'slice at 4000']);
  });
});
