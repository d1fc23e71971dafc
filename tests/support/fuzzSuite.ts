import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { FUZZ_FAMILIES } from './fuzzFamilies.ts';
import { type FuzzRoute, isWrite, routesOf } from './fuzzRoutes.ts';
import { FUZZ_RUNS, FUZZ_SEED, type FuzzSession, fuzzFamily } from './fuzzRun.ts';
import { createTestApp, openTestDb } from './testApp.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The fixture of the fuzzer: a tiny demo airport (one day at 5 % scale: ~100 employees, ~200 tasks, every
 * reference table filled), so that drawn ids 1..40 often exist and valid bodies reach the services.
 */
async function openFuzzApp(): Promise<TestApp> {
  const db = await openTestDb();
  await loadDemoAirport(db, { days: 0, scale: 0.05, referenceDate: '2026-03-10' });
  return createTestApp({ db, loginRateLimit: 1_000_000 });
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

/** The fuzz tests of one part of the families, on one app. */
export function describeFuzzPart(part: 1 | 2): void {
  let app: TestApp;
  let routes: FuzzRoute[];
  beforeAll(async () => {
    app = await openFuzzApp();
    routes = routesOf(app, isWrite);
  });
  afterAll(() => app?.close());

  if (part === 1)
    it('has a fuzz family for every write route', () => {
      const tags = new Set(FUZZ_FAMILIES.map((f) => f.tag));
      const orphans = routes.filter((r) => !tags.has(r.tag)).map((r) => `${r.method} ${r.url} (${r.tag})`);
      expect(orphans).toEqual([]);
      expect(routes.length).toBeGreaterThan(40);
    });

  for (const family of FUZZ_FAMILIES.filter((f) => f.part === part)) {
    describe(`when fuzzing ${family.tag}`, () => {
      it(`answers ${FUZZ_RUNS} mutated requests without a 5xx, with Russian refusals, writing nothing when refusing (seed ${FUZZ_SEED})`, async () => {
        const mine = routes.filter((r) => r.tag === family.tag);
        expect(mine.length).toBeGreaterThan(0);
        const session =
          family.tag === 'auth'
            ? await sessionOf(() => mintSession(app, 'viewer'))
            : await sessionOf(() => mintSession(app, 'admin'));
        const started = performance.now();
        const report = await fuzzFamily(app, family, mine, session);
        console.log(
          `${family.tag}: ${report.cases} cases over ${mine.length} routes in ${Math.round(performance.now() - started)} ms;`,
          `statuses ${JSON.stringify(report.byStatus)}; exact checks ${report.exactChecks}; accepted bodies mutated ${report.seeded}`,
          `gen ${Math.round(report.genMs)} inject ${Math.round(report.injectMs)} watch ${Math.round(report.watchMs)}`,
        );
        for (const [key, n] of Object.entries(report.valid)) console.log(`VALID ${n} × ${key}`);
        for (const problem of report.problems) console.log(`PROBLEM ${problem.slice(0, 1500)}`);
        expect(report.problems).toEqual([]);
        expect(report.cases).toBeGreaterThanOrEqual(1000);
      }, 180_000);
    });
  }
}
