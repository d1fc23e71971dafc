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

/** The query parameters of a route that take text, as `name` or `name[key]` (a filter object's texts). */
function textParameters(query: NonNullable<ReturnType<typeof routesOf>[number]['query']>): string[] {
  const names: string[] = [];
  const isText = (schema: { type?: unknown; anyOf?: { type?: unknown }[] } | undefined) =>
    schema?.type === 'string' || (schema?.anyOf ?? []).some((part) => part.type === 'string');
  for (const [name, schema] of Object.entries(query.properties ?? {})) {
    const s = schema as { type?: unknown; properties?: Record<string, unknown> };
    if (isText(s as never)) names.push(name);
    for (const [key, inner] of Object.entries(s.properties ?? {}))
      if (isText(inner as never)) names.push(`${name}[${key}]`);
  }
  return names;
}

describe('when a text query parameter holds a NUL (PostgreSQL refuses it in text)', () => {
  it('no read route answers a 5xx, each parameter alone', async () => {
    const reads = routesOf(
      app,
      (method, url) => method === 'GET' && !isWrite(method, url) && !STREAMS.has(url),
    ).filter((route) => Object.keys(route.params).length === 0 && route.query);
    const problems: string[] = [];
    let asked = 0;
    for (const route of reads) {
      for (const name of textParameters(route.query!)) {
        const url = `${route.url}?${encodeURIComponent(name)}=a%00b`;
        const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
        asked += 1;
        if (res.statusCode >= 500) problems.push(`${res.statusCode}: GET ${url}`);
      }
    }
    expect(asked).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });
});
