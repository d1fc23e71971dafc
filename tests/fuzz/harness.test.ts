import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/server/domain/errors.ts';
import { z } from '../../src/shared/messages.ts';
import { isWrite, routesOf } from '../support/fuzzRoutes.ts';
import { fuzzFamily } from '../support/fuzzRun.ts';
import { createTestApp, loginAs } from '../support/testApp.ts';

/**
 * The fuzzer against a route with planted bugs: it must report them, or a green fuzz run proves nothing.
 * `POST /api/test/fuzz-bugs {name}`: a 500 when the name is empty, a row written before a 422 when the name holds a
 * digit, and a row deleted before a 422 when it holds a dash (the writes happen outside any transaction, so the
 * refusal leaves them behind).
 */
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp({
    configure: (built) =>
      built.post(
        '/api/test/fuzz-bugs',
        {
          config: { access: 'session' },
          schema: { tags: ['test: planted bugs'], body: z.object({ name: z.string().max(20) }) },
        },
        async (request) => {
          const { name } = request.body as { name: string };
          if (name === '') throw new Error('planted: empty name');
          if (/\d/.test(name)) {
            await built.dbh.query('insert into fuzz_probe (name) values ($1)', [name]);
            throw new ValidationError({ name: ['Цифры в имени'] });
          }
          if (name.includes('-')) {
            await built.dbh.query('delete from fuzz_kept where id = (select min(id) from fuzz_kept)');
            throw new ValidationError({ name: ['Дефис в имени'] });
          }
          return { ok: true };
        },
      ),
  });
  // Raw SQL: tables of the planted bugs only, outside the migrations.
  await app.dbh.exec(
    'create table fuzz_probe (name text); create table fuzz_kept (id int); insert into fuzz_kept select generate_series(1, 300)',
  );
});
afterAll(() => app.close());

describe('when a route answers 500, or writes or deletes before refusing', () => {
  it('reports all three, naming the request and the table changed', async () => {
    const routes = routesOf(app, isWrite).filter((r) => r.url === '/api/test/fuzz-bugs');
    expect(routes).toHaveLength(1);
    const token = await loginAs(app, 'admin');
    const session = { token, afterCase: async () => {} };
    const family = { tag: 'test: planted bugs', part: 1 as const };
    const report = await fuzzFamily(app, family, routes, session, { runs: 300, survey: true });
    const problems = report.problems.join('\n');
    expect(problems).toMatch(/answered 500: POST \/api\/test\/fuzz-bugs/);
    expect(problems).toMatch(/refused with 422 but changed public\.fuzz_probe(?!_)/);
    expect(problems).toMatch(/refused with 422 but changed public\.fuzz_kept/);
  });

  it('stops at the first problem outside the survey, with the seed to repeat it', async () => {
    const routes = routesOf(app, isWrite).filter((r) => r.url === '/api/test/fuzz-bugs');
    const session = { token: await loginAs(app, 'admin'), afterCase: async () => {} };
    const family = { tag: 'test: planted bugs', part: 1 as const };
    await expect(fuzzFamily(app, family, routes, session, { runs: 300, survey: false })).rejects.toThrow(
      /seed: 17/,
    );
  });
});
