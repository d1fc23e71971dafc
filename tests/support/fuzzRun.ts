import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { acceptedCasesOf, casesOf, type FuzzCase, nulSweepCases } from './fuzzCases.ts';
import { createDbWatch } from './fuzzDb.ts';
import type { FuzzRoute } from './fuzzRoutes.ts';
import type { createTestApp } from './testApp.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A module's write routes fuzzed together on one app. */
export interface FuzzFamily {
  /** The module, as the API docs tag its routes. */
  tag: string;
  /** Which test file runs it (the two files run in parallel). */
  part: 1 | 2;
  /** Statuses this family may answer beyond the common ones (401/429 for the login). */
  alsoAllowed?: readonly number[];
  /** Tables the family writes on purpose even when refusing (failed logins are counted). */
  ignoredTables?: readonly string[];
  /**
   * Bodies the server accepts, for the routes whose generated bodies never get past the services' own checks (a bag
   * that exists and its tag, a position with demand): the second half mutates them, so a nasty value reaches the
   * database there too. Read from the fixture's data; a seed that needs a row the fixture lacks (a saved calculation
   * to rename) creates it first, through the app with the family's session (`auth`) or straight in the database.
   * Each seed is sent once before the run and must be accepted, else the family fails.
   */
  seeds?: (app: FuzzApp, auth: FuzzAuth) => Promise<FuzzSeed[]>;
}

/** An accepted request of a route: its method and pattern (`/api/baggage/rush`), the URL to send and the body. */
export interface FuzzSeed {
  method: string;
  route: string;
  url: string;
  body: unknown;
}

/** What a family's seeds read the fixture through. */
export type FuzzApp = Pick<TestApp, 'db' | 'inject'>;

/** The family's session, as the headers of a request its seeds make to create what they need. */
export interface FuzzAuth {
  authorization: string;
}

/** Statuses any write route may answer: done, or refused for a reason that is not the input's shape. */
const ACCEPTED = new Set([200, 201, 204]);

/** Accepted bodies kept per route to mutate in the second half of a run. */
const ACCEPTED_SEEDS = 20;
const REFUSED = new Set([404, 409]);

/** The seed of every fuzz run: fixed, so a failure repeats; FUZZ_SEED=n tries another one. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 17);

/** Cases per family: at least 1,000 (FUZZ_RUNS raises it for a longer hunt). */
export const FUZZ_RUNS = Math.max(1000, Number(process.env.FUZZ_RUNS ?? 1000));

/** Longest one request may take before the case counts as a hang. */
const HANG_MS = 20_000;

const RUSSIAN = /[а-яё]/i;

/** Texts the spec itself gives in English (planning-and-operations, validation: rush dates → 'Invalid format'). */
const SPEC_TEXTS = new Set(['Invalid format']);

/** What is wrong with an answer, or undefined when it keeps the contract (README, HTTP contract). */
function problemOf(c: FuzzCase, res: LightMyRequestResponse, family: FuzzFamily): string | undefined {
  const status = res.statusCode;
  let body: { message?: unknown; fields?: unknown } | undefined;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = undefined;
  }
  if (status >= 500) return `answered ${status}`;
  if (ACCEPTED.has(status)) return undefined;
  if (
    REFUSED.has(status) ||
    family.alsoAllowed?.includes(status) ||
    status === 413 ||
    status === 414 ||
    status === 415
  ) {
    if (typeof body?.message !== 'string' || !RUSSIAN.test(body.message))
      return `${status} without a Russian message`;
    return undefined;
  }
  if (status !== 400 && status !== 422) return `answered ${status}`;
  if (typeof body?.message !== 'string' || !RUSSIAN.test(body.message))
    return `${status} without a Russian message`;
  // Refusals of the HTTP layer before validation (JSON that does not parse, a URL that is not valid percent-encoding)
  // name no field: there is none to name.
  const layer = /JSON|кодировка адреса/.test(body.message) && c.note !== 'all valid';
  if (layer) return undefined;
  const fields = body.fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).length === 0)
    return `${status} without fields`;
  for (const [key, messages] of Object.entries(fields)) {
    if (!Array.isArray(messages) || messages.length === 0)
      return `${status}: fields.${key} is not a list of messages`;
    for (const text of messages)
      if (typeof text !== 'string' || !(RUSSIAN.test(text) || SPEC_TEXTS.has(text)))
        return `${status}: fields.${key} has a message not in Russian: ${String(text).slice(0, 120)}`;
  }
  return undefined;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([work, hang]).finally(() => clearTimeout(timer));
}

/** A short picture of a case for a failure report (payloads cut to 300 characters). */
export function showCase(c: FuzzCase, res?: LightMyRequestResponse): string {
  const payload =
    c.payload === undefined
      ? ''
      : ` body ${JSON.stringify(c.payload.slice(0, 300))}${c.payload.length > 300 ? `… (${c.payload.length} chars)` : ''}`;
  const type = c.contentType === undefined ? '' : ` [${c.contentType}]`;
  const answer = res ? ` → ${res.statusCode} ${res.body.slice(0, 300)}` : '';
  return `${c.route.method} ${c.url.slice(0, 300)}${type}${payload} (${c.note})${answer}`;
}

/** The bearer token a family sends, renewed by `afterCase` when a case ended its session (a logout). */
export interface FuzzSession {
  readonly token: string;
  afterCase(c: FuzzCase, res: LightMyRequestResponse): Promise<void>;
}

export interface FuzzReport {
  cases: number;
  byStatus: Record<number, number>;
  exactChecks: number;
  /** Accepted bodies the second half mutated. */
  seeded: number;
  /** Write routes with a body that no accepted body seeded: the second half only generates for them. */
  unseeded: string[];
  problems: string[];
  /** FUZZ_SURVEY only: the answers to unmutated requests, to see how deep the valid bodies reach. */
  valid: Record<string, number>;
  genMs: number;
  injectMs: number;
  watchMs: number;
}

/**
 * Sends FUZZ_RUNS generated requests over the family's routes and checks each answer: never a 5xx, never a hang,
 * a refusal with a Russian message (and `fields` for 400/422), and no row changed by a refusal. Stops at the first
 * problem, fast-check printing the seed and path that repeat it; FUZZ_SURVEY=1 instead collects every problem.
 */
export async function fuzzFamily(
  app: TestApp,
  family: FuzzFamily,
  routes: readonly FuzzRoute[],
  session: FuzzSession,
  options: { runs?: number; survey?: boolean; seeds?: readonly FuzzSeed[] } = {},
): Promise<FuzzReport> {
  const runs = options.runs ?? FUZZ_RUNS;
  const watch = createDbWatch(app.dbh, family.ignoredTables);
  const report: FuzzReport = {
    cases: 0,
    byStatus: {},
    exactChecks: 0,
    seeded: 0,
    unseeded: [],
    problems: [],
    valid: {},
    genMs: 0,
    injectMs: 0,
    watchMs: 0,
  };
  let lastEnd = performance.now();
  const survey = options.survey ?? process.env.FUZZ_SURVEY === '1';
  /** Per route, up to ACCEPTED_SEEDS bodies answered 2xx in the first phase, after the family's own seeds. */
  const accepted = new Map<FuzzRoute, { url: string; body: unknown }[]>();
  for (const seed of options.seeds ?? []) {
    const route = routes.find((r) => r.method === seed.method && r.url === seed.route);
    if (!route) throw new Error(`a seed of ${family.tag} names no route: ${seed.method} ${seed.route}`);
    // A seed the server refuses would mutate nothing deep: say so instead of fuzzing with it in vain.
    const res = await app.inject({
      method: seed.method as 'POST',
      url: seed.url,
      headers: { authorization: `Bearer ${session.token}` },
      ...(seed.body === undefined ? {} : { payload: seed.body as object }),
    });
    if (!ACCEPTED.has(res.statusCode))
      throw new Error(
        `a seed of ${family.tag} was refused: ${seed.method} ${seed.url} → ${res.statusCode} ${res.body.slice(0, 500)}`,
      );
    accepted.set(route, [...(accepted.get(route) ?? []), { url: seed.url, body: seed.body }]);
  }
  const runCase = async (c: FuzzCase) => {
    let t = performance.now();
    report.genMs += t - lastEnd;
    await watch.before();
    report.watchMs += performance.now() - t;
    t = performance.now();
    const headers: Record<string, string> = { authorization: `Bearer ${session.token}` };
    if (c.contentType !== undefined) headers['content-type'] = c.contentType;
    const res = await withTimeout(
      app.inject({ method: c.route.method as 'POST', url: c.url, headers, payload: c.payload }),
      HANG_MS,
      showCase(c),
    );
    report.injectMs += performance.now() - t;
    t = performance.now();
    await session.afterCase(c, res);
    report.cases += 1;
    report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
    const seeds = accepted.get(c.route) ?? [];
    if (ACCEPTED.has(res.statusCode) && c.body !== undefined && seeds.length < ACCEPTED_SEEDS) {
      accepted.set(c.route, [...seeds, { url: c.url, body: c.body }]);
    }
    if (survey && c.note === 'all valid') {
      const key = `${c.route.method} ${c.route.url} ${res.statusCode} ${res.body.slice(0, 160)}`;
      report.valid[key] = (report.valid[key] ?? 0) + 1;
    }
    let problem = problemOf(c, res, family);
    if (!problem && res.statusCode >= 400) {
      const changed = await watch.changedSince();
      if (changed.length) problem = `refused with ${res.statusCode} but changed ${changed.join(', ')}`;
    } else await watch.accepted();
    report.watchMs += performance.now() - t;
    lastEnd = performance.now();
    if (!problem) return;
    const line = `${problem}: ${showCase(c, res)}`;
    if (!survey) throw new Error(line);
    const kind = `${c.route.method} ${c.route.url} ${problem.replace(/\d+/g, 'N').slice(0, 80)}`;
    if (!report.problems.some((p) => p.startsWith(kind))) report.problems.push(`${kind} ## ${line}`);
  };
  const first = Math.ceil(runs / 2);
  await fc.assert(fc.asyncProperty(fc.oneof(...routes.map(casesOf)), runCase), {
    numRuns: first,
    seed: FUZZ_SEED,
    endOnFailure: true,
  });
  const second = routes.map((route) => {
    const seeds = accepted.get(route);
    return seeds?.length ? fc.oneof(casesOf(route), acceptedCasesOf(route, seeds)) : casesOf(route);
  });
  report.seeded = [...accepted.values()].reduce((n, seeds) => n + seeds.length, 0);
  report.unseeded = routes
    .filter((route) => route.body && !accepted.get(route)?.length)
    .map((route) => `${route.method} ${route.url}`);
  await fc.assert(fc.asyncProperty(fc.oneof(...second), runCase), {
    numRuns: runs - first,
    seed: FUZZ_SEED + 1,
    endOnFailure: true,
  });
  // Then every text field of one accepted body per route with a NUL: a random mutation rarely lands one on a field
  // that reaches the database (PostgreSQL refuses NUL in text: a 500 unless the schema refused it first).
  for (const [route, seeds] of accepted) for (const c of nulSweepCases(route, seeds[0])) await runCase(c);
  report.exactChecks = watch.exactChecks;
  return report;
}
