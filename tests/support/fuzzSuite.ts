import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { FUZZ_FAMILIES } from './fuzzFamilies.ts';
import { type FuzzRoute, isWrite, routesOf } from './fuzzRoutes.ts';
import { FUZZ_RUNS, FUZZ_SEED, type FuzzSession, fuzzFamily } from './fuzzRun.ts';
import { createTestApp, openTestDb } from './testApp.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Failed logins (any login) from the one address of `app.inject` before the limiter answers 429 without checking the
 * password: each check costs a scrypt hash (~50 ms on one core, the product's cost), and past this many the login
 * and password routes are still fuzzed, answering 429 before the hash instead of 401 after it.
 */
const FUZZ_FAILED_LOGINS = 10;

/**
 * The fixture of the fuzzer: a tiny demo airport (one day at 5 % scale: ~100 employees, ~200 tasks, every
 * reference table filled), so that drawn ids 1..40 often exist and valid bodies reach the services.
 */
async function openFuzzApp(): Promise<TestApp> {
  const db = await openTestDb();
  await loadDemoAirport(db, { days: 0, scale: 0.05, referenceDate: '2026-03-10' });
  return createTestApp({
    db,
    loginRateLimit: 1_000_000,
    loginLimits: { perAddress: FUZZ_FAILED_LOGINS },
  });
}

/**
 * A new session of a user, written straight into the sessions table: the auth family ends hundreds of sessions with
 * valid logouts, and a sign-in per renewal would cost a password hash (scrypt) each and fill the failed-login counts
 * the fuzzed logins are meant to fill.
 */
async function mintSession(app: TestApp, login: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Raw SQL: the auth service has no way to open a session without the password, on purpose.
  const rows = await app.dbh.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select $1, id, now() + interval '1 day' from users where login = $2 returning user_id`,
    [createHash('sha256').update(token).digest('hex'), login],
  );
  if (rows.length !== 1) throw new Error(`no user ${login}`);
  return token;
}

/** A session of a user whose token a logout may end: it signs in again after one. */
async function sessionOf(login: () => Promise<string>): Promise<FuzzSession> {
  let token = await login();
  return {
    get token() {
      return token;
    },
    async afterCase(c, res) {
      if (c.route.url === '/api/auth/logout' && res.statusCode < 300) token = await login();
    },
  };
}

/**
 * Apps per test file, each on its own database, fuzzing their families side by side. A request is a ping-pong
 * between the app (main thread) and PGlite (its own thread), so one app keeps about one core busy; two keep two.
 */
const LANES = 2;

/** Runs works one after the other, in the order they were queued. */
function createLane() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * The fuzz tests of one part of the families. Family i of the part runs on app i mod LANES after the families before
 * it on that app, always the same ones: a failure repeats with its seed on the same data.
 */
export function describeFuzzPart(part: 1 | 2): void {
  let apps: TestApp[] = [];
  let routes: FuzzRoute[];
  const lanes = Array.from({ length: LANES }, createLane);
  beforeAll(async () => {
    apps = await Promise.all(lanes.map(openFuzzApp));
    routes = routesOf(apps[0], isWrite);
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  if (part === 1)
    it('has a fuzz family for every write route', () => {
      const tags = new Set(FUZZ_FAMILIES.map((f) => f.tag));
      const orphans = routes.filter((r) => !tags.has(r.tag)).map((r) => `${r.method} ${r.url} (${r.tag})`);
      expect(orphans).toEqual([]);
      expect(routes.length).toBeGreaterThan(40);
    });

  FUZZ_FAMILIES.filter((f) => f.part === part).forEach((family, i) => {
    describe.concurrent(`when fuzzing ${family.tag}`, () => {
      it(`answers ${FUZZ_RUNS} mutated requests without a 5xx, with Russian refusals, writing nothing when refusing (seed ${FUZZ_SEED})`, async () => {
        const lane = i % LANES;
        const { report, ms, routeCount } = await lanes[lane](async () => {
          const app = apps[lane];
          const mine = routes.filter((r) => r.tag === family.tag);
          expect(mine.length).toBeGreaterThan(0);
          const session = await sessionOf(() => mintSession(app, family.tag === 'auth' ? 'viewer' : 'admin'));
          const started = performance.now();
          const seeds = (await family.seeds?.(app, { authorization: `Bearer ${session.token}` })) ?? [];
          const report = await fuzzFamily(app, family, mine, session, { seeds });
          return { report, ms: performance.now() - started, routeCount: mine.length };
        });
        console.log(
          `${family.tag}: ${report.cases} cases over ${routeCount} routes in ${Math.round(ms)} ms (app ${lane + 1});`,
          `statuses ${JSON.stringify(report.byStatus)}; exact checks ${report.exactChecks}; accepted bodies mutated ${report.seeded}`,
          `gen ${Math.round(report.genMs)} inject ${Math.round(report.injectMs)} watch ${Math.round(report.watchMs)}`,
        );
        if (report.unseeded.length) console.log(`UNSEEDED ${family.tag}: ${report.unseeded.join(', ')}`);
        for (const [key, n] of Object.entries(report.valid)) console.log(`VALID ${n} × ${key}`);
        for (const problem of report.problems) console.log(`PROBLEM ${problem.slice(0, 1500)}`);
        expect(report.problems).toEqual([]);
        expect(report.cases).toBeGreaterThanOrEqual(1000);
      }, 300_000);
    });
  });
}
