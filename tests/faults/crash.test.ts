/**
 * Crash safety: the real server takes a stream of writes of three modules (teams with their position rules, VIP fields
 * with eleven link lists created then updated, rush tags from the per-carrier counter), is killed with SIGKILL in the
 * middle, and restarted on the same data. Every acknowledged write must be there and nothing may be half-written.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir } from '../../src/server/cli/backupCommands.ts';
import { type DbHandle, openDb } from '../../src/server/db/client.ts';
import { TEAM_STATUS } from '../../src/shared/team-planning.ts';
import { vipFieldBody } from '../support/vipFieldBody.ts';
import {
  call,
  createTestDatabase,
  type Server,
  signIn,
  startServer,
  stopAll,
  stopServer,
  type TestDatabase,
} from './servers.ts';

const ENV = { DEMO_DAYS: '1', DEMO_SCALE: '0.2', LOGIN_RATE_LIMIT: '10000' };
/** Requests in flight per module. */
const STREAMS = 2;
/** Kill once this many writes (a few updates among them) were acknowledged, or after KILL_AFTER_MS. */
const KILL_AT_ACKS = 60;
const KILL_AFTER_MS = 20_000;

/** A VIP field body without its name (each write names its own). */
const { name: _, ...VIP_BODY } = vipFieldBody('', 'до изменения');
/** Link rows of VIP_BODY, and of its update (one pay type fewer). */
const VIP_LINKS = 16;
const VIP_LINK_TABLES = [
  'vip_field_service_halls',
  'vip_field_passenger_categories',
  'vip_field_travel_classes',
  'vip_field_airlines',
  'vip_field_directions',
  'vip_field_flight_classes',
  'vip_field_flight_types',
  'vip_field_hall_access_types',
  'vip_field_loyalty_card_types',
  'vip_field_card_bank_types',
  'vip_field_pay_types',
];

let database: TestDatabase;
let server: Server;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await stopAll();
  await database?.drop();
});

/** What the server acknowledged (a 2xx with its whole body received) before it was killed. */
interface Acks {
  teams: Map<number, number>;
  fields: Set<number>;
  updated: Set<number>;
  tags: string[];
  /** Answers other than 2xx while the server was up: a wrong body here would make the test prove nothing. */
  refused: string[];
}

async function streamWrites(
  base: string,
  headers: Record<string, string>,
  acks: Acks,
  stopped: () => boolean,
) {
  const airlines = (await call(base, headers, 'GET', '/aviacompany?per-page=100')).body as {
    id: number;
    numeric_code: string | null;
  }[];
  const carrier = airlines.find((a) => a.numeric_code);
  const [position] = (await call(base, headers, 'GET', '/team-planning/employee-position')).body as {
    id: number;
    department_id: number;
  }[];
  if (!carrier || !position) throw new Error('the demo airport has no carrier code or no position');
  /** Runs one write after another until the server is gone; a failed call (connection lost) is no acknowledgement. */
  const loop = async (write: (i: number) => Promise<void>) => {
    for (let i = 0; !stopped(); i += 1) {
      await write(i).catch(() => undefined);
    }
  };
  const check = (what: string, status: number, body: unknown) => {
    if (status >= 200 && status < 300) return true;
    if (!stopped()) acks.refused.push(`${what}: ${status} ${JSON.stringify(body)}`);
    return false;
  };
  const team = (stream: number) => async (i: number) => {
    const count = 1 + ((i + stream) % 3);
    const res = await call(base, headers, 'POST', '/team-planning/v1/team', {
      name: `crash-team-${stream}-${i}`,
      begin_datetime: '2026-03-10 08:00:00',
      end_datetime: '2026-03-10 20:00:00',
      team_status_id: TEAM_STATUS.formed,
      department_id: position.department_id,
      employeePositionRules: [{ employee_position_id: position.id, count, employees: [] }],
    });
    if (check('team', res.status, res.body)) acks.teams.set((res.body as { id: number }).id, count);
  };
  const vip = (stream: number) => async (i: number) => {
    const name = `crash_field_${stream}_${i}`;
    const created = await call(base, headers, 'POST', '/tariff/vip-field', { ...VIP_BODY, name });
    if (!check('vip create', created.status, created.body)) return;
    const { id } = created.body as { id: number };
    acks.fields.add(id);
    const changed = await call(base, headers, 'PATCH', '/tariff/vip-field', {
      ...VIP_BODY,
      id,
      name,
      description: 'изменено',
      vipFieldHallPayType: [{ vip_hall_pay_type_id: 1 }],
    });
    if (check('vip update', changed.status, changed.body)) acks.updated.add(id);
  };
  const tags = async () => {
    const res = await call(base, headers, 'POST', '/rush-baggage', {
      count_tag: 3,
      aviacompany_id: carrier.id,
    });
    if (check('tags', res.status, res.body))
      acks.tags.push(...(res.body as { new_tag: string }[]).map((t) => t.new_tag));
  };
  const streams = Array.from({ length: STREAMS }, (_, s) => [loop(team(s)), loop(vip(s)), loop(tags)]).flat();
  return { streams, carrierCode: carrier.numeric_code as string };
}

async function rows<T>(db: DbHandle, text: string, params: unknown[] = []): Promise<T[]> {
  return db.query<T>(text, params);
}

describe('when the server is killed with SIGKILL in the middle of a stream of writes', () => {
  it('keeps every acknowledged write after a restart, and no entity half-written', async () => {
    server = await startServer({ ...database.env, ...ENV });
    const admin = await signIn(server.base, 'admin');
    const acks: Acks = { teams: new Map(), fields: new Set(), updated: new Set(), tags: [], refused: [] };
    let killed = false;
    const { streams, carrierCode } = await streamWrites(server.base, admin, acks, () => killed);
    const started = Date.now();
    const count = () => acks.teams.size + acks.fields.size + acks.updated.size + acks.tags.length / 3;
    while ((count() < KILL_AT_ACKS || acks.updated.size < 3) && Date.now() - started < KILL_AFTER_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const killing = stopServer(server.child, 'SIGKILL');
    killed = true;
    await killing;
    await Promise.all(streams);
    console.info(
      `acknowledged before SIGKILL: ${acks.teams.size} teams, ${acks.fields.size} VIP fields (${acks.updated.size} updated), ${acks.tags.length} tags`,
    );
    expect(acks.refused).toEqual([]);
    expect(acks.teams.size, 'teams acknowledged before the kill').toBeGreaterThan(0);
    expect(acks.fields.size, 'VIP fields acknowledged before the kill').toBeGreaterThan(0);
    expect(acks.tags.length, 'tags acknowledged before the kill').toBeGreaterThan(0);

    // The restart recovers the database; the session of before the crash still works.
    server = await startServer({ ...database.env, ...ENV });
    expect((await call(server.base, admin, 'GET', '/auth/me')).status).toBe(200);
    if (database.pgliteDir) {
      // While it runs, nobody else may open its folder: the backup names the server's process.
      await expect(backupDataDir(database.pgliteDir, `${database.pgliteDir}.tar.gz`)).rejects.toThrow(
        `is in use by process ${server.child.pid}`,
      );
    }
    await stopServer(server.child);

    const db = await openDb(
      database.url ? { databaseUrl: database.url } : { dataDir: database.pgliteDir as string },
    );
    try {
      if (database.pgliteDir) {
        // PGlite on a folder runs with fsync on, so commits are on the disk, not only in the OS cache, when answered.
        expect(await rows(db, 'show fsync')).toEqual([{ fsync: 'on' }]);
        expect(await rows(db, 'show wal_sync_method')).toEqual([{ wal_sync_method: 'fsync' }]);
      }
      const teams = await rows<{ id: number; rules: number; need: number }>(
        db,
        `select t.id, count(r.id)::int as rules, coalesce(sum(r.count), 0)::int as need
           from teams t left join team_position_rules r on r.team_id = t.id
          where t.name like 'crash-team-%' group by t.id`,
      );
      expect(
        teams.filter((t) => t.rules !== 1),
        'teams without their rule',
      ).toEqual([]);
      const teamNeed = new Map(teams.map((t) => [t.id, t.need]));
      for (const [id, need] of acks.teams) expect(teamNeed.get(id), `team ${id}`).toBe(need);

      const links = VIP_LINK_TABLES.map(
        (t) => `(select count(*) from ${t} l where l.vip_field_id = f.id)`,
      ).join(' + ');
      const fields = await rows<{ id: number; description: string; links: number }>(
        db,
        `select f.id, f.description, (${links})::int as links from vip_fields f where f.name like 'crash_field_%'`,
      );
      const byId = new Map(fields.map((f) => [f.id, f]));
      // A field is as created (16 links) or as updated (15 links and the new description), never in between.
      const halfWritten = fields.filter(
        (f) =>
          !(f.description === 'до изменения' && f.links === VIP_LINKS) &&
          !(f.description === 'изменено' && f.links === VIP_LINKS - 1),
      );
      expect(halfWritten).toEqual([]);
      for (const id of acks.fields) expect(byId.has(id), `VIP field ${id}`).toBe(true);
      for (const id of acks.updated) expect(byId.get(id)?.description, `VIP field ${id}`).toBe('изменено');

      const tags = await rows<{ tag: string; serial: number }>(
        db,
        'select tag, serial from rush_tags where tag like $1 order by serial',
        [`2${carrierCode}%`],
      );
      const stored = new Set(tags.map((t) => t.tag));
      expect(stored.size, 'tags unique').toBe(tags.length);
      expect(
        acks.tags.filter((tag) => !stored.has(tag)),
        'acknowledged tags lost',
      ).toEqual([]);
      const [counter] = await rows<{ last: number }>(
        db,
        'select last_serial as last from rush_tag_counters where carrier_code = $1',
        [carrierCode],
      );
      // The counter and the tags move together: serials 1..last, each issued once.
      expect(tags.map((t) => t.serial)).toEqual(tags.map((_, i) => i + 1));
      expect(counter.last).toBe(tags.length);
    } finally {
      await db.close();
    }
  }, 300_000);
});
