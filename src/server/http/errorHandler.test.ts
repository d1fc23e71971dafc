import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errorHandler.ts';

/** An app whose one route throws the error given in the query. */
const app = Fastify();
const errors: Record<string, Error> = {
  timeout: Object.assign(new Error("Request timed out after 10 ms on route '/x?secret'"), {
    code: 'FST_ERR_HANDLER_TIMEOUT',
    statusCode: 503,
  }),
  statement: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
  bug: new TypeError("Cannot read properties of undefined (reading 'secret')"),
};

beforeAll(async () => {
  app.setErrorHandler(errorHandler);
  app.get<{ Querystring: { e: string } }>('/x', async (request) => {
    throw errors[request.query.e];
  });
  await app.ready();
});
afterAll(() => app.close());

describe('when a handler fails on the server side', () => {
  it.each(['timeout', 'statement'])('answers a %s limit with 503 in Russian', async (e) => {
    const res = await app.inject({ url: `/x?e=${e}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Сервер не успел ответить. Повторите запрос позже' });
  });

  it('answers anything unexpected with 500 and none of its text', async () => {
    const res = await app.inject({ url: '/x?e=bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Внутренняя ошибка сервера' });
  });
});
