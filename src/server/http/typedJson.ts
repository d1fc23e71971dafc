import type { FastifyReply } from 'fastify';
import { turnTaker, yieldToEvents } from '../db/gate.ts';

/**
 * Sends an answer as JSON text past the route's zod serializer. The route's response schema still documents it
 * (Swagger), but the serializer would walk every value on the HTTP thread: a week of 43 positions' shift schedule
 * (60,000 numbers of demand and cover) held it 60-150 ms, where `JSON.stringify` takes 2-6 ms. Only for answers the
 * server's own typed code builds (or stored from such a value): the serializer is also what drops fields a schema
 * does not name, so nothing read from a request or a foreign row may pass here unchecked. Tests check these
 * answers against their schema instead.
 *
 * These answers run to megabytes: the event loop gets a turn between building the answer and writing its text, so
 * the two are separate stretches of the thread rather than one (a week of team lists: 150-200 ms in one piece).
 */
export async function sendTypedJson<T extends object>(reply: FastifyReply, answer: T) {
  await yieldToEvents();
  return reply.type('application/json; charset=utf-8').send(await jsonText(answer));
}

/** Elements of a long answer written at a time: a few hundred kilobytes of a team list. */
const SLICE = 250;

/**
 * The JSON text of an answer; a long array in slices of SLICE elements, the event loop getting a turn whenever the
 * slices have held the thread 8 ms. The team lists of the longest period (93 days, 25 MB) held the thread 150-190 ms
 * in one `JSON.stringify`, and slices of 2,000 elements still 30-50 ms each at a hub four times the demo.
 * Example: `await jsonText([1, 2])` → '[1,2]', the same text as `JSON.stringify` for any array.
 */
export async function jsonText(answer: object): Promise<string> {
  if (!Array.isArray(answer) || answer.length <= SLICE) return JSON.stringify(answer);
  const parts: string[] = [];
  const turn = turnTaker();
  for (let from = 0; from < answer.length; from += SLICE) {
    await turn();
    parts.push(JSON.stringify(answer.slice(from, from + SLICE)).slice(1, -1));
  }
  return `[${parts.join(',')}]`;
}
