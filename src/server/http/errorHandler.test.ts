import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { DATE_OUT_OF_RANGE, errorHandler } from './errorHandler.ts';

/** An app whose one route throws the error given in the query. */
const app = Fastify();
const errors: Record<string, Error> = {
  timeout: Object.assign(new Error("Request timed out after 10 ms on route '/x?secret'"), {
    code: 'FST_ERR_HANDLER_TIMEOUT',
    statusCode: 503,
  }),
  statement: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
  // What a query of the Drizzle builder throws: the driver's error (with its SQLSTATE) is only the cause.
  wrappedStatement: new DrizzleQueryError(
    'select 1',
    [],
    Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
  ),
  unique: new DrizzleQueryError(
    'insert into workplace_distances …',
    [],
    Object.assign(new Error('duplicate key value violates unique constraint "x_key"'), { code: '23505' }),
  ),
  foreignKey: Object.assign(
    new Error('insert or update on table "team_flights" violates foreign key constraint'),
    {
      code: '23503',
    },
  ),
  deadlock: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  serialization: Object.assign(new Error('could not serialize access'), { code: '40001' }),
  timestampRange: new DrizzleQueryError(
    'select … where begin_at >= $1',
    ['0000-01-01'],
    Object.assign(new Error('timestamp out of range: "0000-12-31 21:00:00+00"'), { code: '22008' }),
  ),
  refused: new DrizzleQueryError(
    'select 1',
    [],
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  ),
  adminShutdown: Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  }),
  terminated: new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
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
  it.each(['timeout', 'statement', 'wrappedStatement'])(
    'answers a %s limit with 503 in Russian',
    async (e) => {
      const res = await app.inject({ url: `/x?e=${e}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Сервер не успел ответить. Повторите запрос позже' });
    },
  );

  it.each(['unique', 'foreignKey', 'deadlock', 'serialization'])(
    'answers a write that lost a race (%s) with 409 in Russian and none of the SQL',
    async (e) => {
      const res = await app.inject({ url: `/x?e=${e}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MESSAGES.staleEdit });
    },
  );

  it('answers a time the database cannot hold with 400 in Russian and none of the SQL', async () => {
    const res = await app.inject({ url: '/x?e=timestampRange' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: DATE_OUT_OF_RANGE });
  });

  it.each(['refused', 'adminShutdown', 'terminated'])(
    'answers a database that cannot be reached (%s) with 503 in Russian and none of its text',
    async (e) => {
      const res = await app.inject({ url: `/x?e=${e}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MESSAGES.databaseDown });
    },
  );

  it('answers anything unexpected with 500 and none of its text', async () => {
    const res = await app.inject({ url: '/x?e=bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Внутренняя ошибка сервера' });
  });
});
