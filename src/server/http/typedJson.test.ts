import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendTypedJson } from './typedJson.ts';

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
