import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesOf } from '../support/fuzzCases.ts';
import { createDbWatch } from '../support/fuzzDb.ts';
import { isWrite, routesOf } from '../support/fuzzRoutes.ts';
import { FUZZ_SEED, showCase } from '../support/fuzzRun.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

/** Streams that never end by themselves: the live feed is walked by its own tests. */
const STREAMS = new Set(['/api/events']);

/** Requests per read route: valid queries mostly, some mutated. */
const PER_ROUTE = 3;

let app: Awaited<ReturnType<typeof createTestApp>>;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  token = await loginAs(app, 'admin');
});
afterAll(() => app.close());

describe('when walking every read route with generated queries', () => {
  it('writes nothing and never answers a 5xx, so every GET that writes is listed as a write route', async () => {
    const reads = routesOf(
      app,
      (method, url) => method === 'GET' && !isWrite(method, url) && !STREAMS.has(url),
    );
    expect(reads.length).toBeGreaterThan(60);
    const watch = createDbWatch(app.dbh);
    const problems: string[] = [];
    for (const route of reads) {
      const cases = fc.sample(casesOf(route), { numRuns: PER_ROUTE, seed: FUZZ_SEED });
      for (const c of cases) {
        await watch.before();
        const res = await app.inject({ method: 'GET', url: c.url, headers: bearer(token) });
        if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}: ${showCase(c, res)}`);
        const changed = await watch.changedSince();
        if (changed.length) problems.push(`wrote ${changed.join(', ')}: ${showCase(c, res)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
