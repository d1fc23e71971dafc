import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  PATTERN_MESSAGES,
  type Pattern,
  type PatternSave,
  type PatternType,
} from '../../../shared/postal-statements.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { refuseSave, rowVersion } from '../../db/rowVersion.ts';
import {
  departments,
  employeePositions,
  patternDepartments,
  patternPositionExclusions,
  patterns,
  patternTypes,
} from '../../db/schema/index.ts';
import type { FieldErrors } from '../../domain/errors.ts';
import { sortKey } from '../../http/filters.ts';

/** What the service reads: the Drizzle handle and the kind that picks the text collation. */
export type PostalStatementsDeps = Pick<DbHandle, 'db' | 'kind'>;

/** The ids among `ids` that `table` holds. */
async function known(
  tx: Db,
  table: typeof departments | typeof patternTypes | typeof patterns,
  ids: number[],
) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** Every stored pattern with its departments, exclusions and covered positions (spec 3), by id. */
async function readAll(handle: Db, kind: DbHandle['kind']): Promise<Pattern[]> {
  const stored = await handle
    .select({ id: patterns.id, pattern_type_id: patterns.patternTypeId, version: rowVersion(patterns) })
    .from(patterns)
    .orderBy(asc(patterns.id));
  if (stored.length === 0) return [];
  const ids = stored.map((p) => p.id);
  const links = await handle
    .select({ patternId: patternDepartments.patternId, id: departments.id, name: departments.name })
    .from(patternDepartments)
    .innerJoin(departments, eq(departments.id, patternDepartments.departmentId))
    .where(inArray(patternDepartments.patternId, ids))
    .orderBy(asc(sortKey(departments.name, kind)), asc(departments.id));
  const exclusions = await handle
    .select({
      patternId: patternPositionExclusions.patternId,
      id: patternPositionExclusions.id,
      name: employeePositions.name,
      employee_position_id: employeePositions.id,
    })
    .from(patternPositionExclusions)
    .innerJoin(employeePositions, eq(employeePositions.id, patternPositionExclusions.employeePositionId))
    .where(inArray(patternPositionExclusions.patternId, ids))
    .orderBy(asc(sortKey(employeePositions.name, kind)), asc(employeePositions.id));
  const departmentIds = [...new Set(links.map((link) => link.id))];
  const positions =
    departmentIds.length === 0
      ? []
      : await handle
          .select({ id: employeePositions.id, departmentId: employeePositions.departmentId })
          .from(employeePositions)
          .where(inArray(employeePositions.departmentId, departmentIds))
          .orderBy(asc(employeePositions.id));
  return stored.map((pattern) => {
    const own = links.filter((link) => link.patternId === pattern.id);
    const left = exclusions.filter((row) => row.patternId === pattern.id);
    const mine = new Set(own.map((d) => d.id));
    const out = new Set(left.map((row) => row.employee_position_id));
    return {
      ...pattern,
      departmentsIds: own.map(({ id, name }) => ({ id, name })),
      patternEmpPosExclusions: left.map(({ id, name, employee_position_id }) => ({
        id,
        name,
        employee_position_id,
      })),
      empPosPatternRelations: positions
        .filter((p) => mine.has(p.departmentId) && !out.has(p.id))
        .map((p) => ({ id: p.id, emp_pos_pattern_id: pattern.id, employee_position_id: p.id })),
    };
  });
}

/** Whether a pattern of the body is the stored one unchanged: same type, departments and exclusions. */
function sameAs(stored: Pattern | undefined, sent: PatternSave['patterns'][number]): boolean {
  const setOf = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
  return (
    stored !== undefined &&
    stored.pattern_type_id === sent.pattern_type_id &&
    setOf(stored.departmentsIds.map((d) => d.id)) === setOf(sent.department_ids) &&
    setOf(stored.patternEmpPosExclusions.map((e) => e.employee_position_id)) ===
      setOf(sent.excluded_position_ids)
  );
}

/** The body's references that the database does not hold or that break a rule, as 422 fields by body path. */
async function check(tx: Db, body: PatternSave): Promise<FieldErrors> {
  const fields: FieldErrors = {};
  const all = <K extends 'department_ids' | 'excluded_position_ids'>(key: K) => [
    ...new Set(body.patterns.flatMap((p) => p[key])),
  ];
  const storedIds = await known(
    tx,
    patterns,
    body.patterns.flatMap((p) => (p.id === undefined ? [] : [p.id])),
  );
  const typeIds = await known(tx, patternTypes, [...new Set(body.patterns.map((p) => p.pattern_type_id))]);
  const departmentIds = await known(tx, departments, all('department_ids'));
  const positionIds = all('excluded_position_ids');
  const positions =
    positionIds.length === 0
      ? []
      : await tx
          .select({
            id: employeePositions.id,
            name: employeePositions.name,
            departmentId: employeePositions.departmentId,
          })
          .from(employeePositions)
          .where(inArray(employeePositions.id, positionIds));
  const positionById = new Map(positions.map((p) => [p.id, p]));
  body.patterns.forEach((pattern, index) => {
    const at = `patterns.${index}`;
    if (pattern.id !== undefined && !storedIds.has(pattern.id))
      fields[`${at}.id`] = [PATTERN_MESSAGES.unknownPattern(pattern.id)];
    if (!typeIds.has(pattern.pattern_type_id))
      fields[`${at}.pattern_type_id`] = [PATTERN_MESSAGES.unknownType(pattern.pattern_type_id)];
    pattern.department_ids.forEach((departmentId, j) => {
      if (!departmentIds.has(departmentId))
        fields[`${at}.department_ids.${j}`] = [PATTERN_MESSAGES.unknownDepartment(departmentId)];
    });
    const chosen = new Set(pattern.department_ids);
    pattern.excluded_position_ids.forEach((positionId, j) => {
      const position = positionById.get(positionId);
      if (!position)
        fields[`${at}.excluded_position_ids.${j}`] = [PATTERN_MESSAGES.unknownPosition(positionId)];
      else if (!chosen.has(position.departmentId))
        fields[`${at}.excluded_position_ids.${j}`] = [PATTERN_MESSAGES.foreignPosition(position.name)];
    });
  });
  return fields;
}

/**
 * Locks the set of patterns for the rest of the transaction and checks the versions the screen sent: a kept pattern
 * written since its version is named under `patterns.N.id`, a removed one under `removed.N.id`, and when `removed`
 * is sent, a stored pattern the body neither keeps nor removes (another user's new one) under `removed`. The save
 * replaces the whole set, so the lock is the table's (share row exclusive: one save of the set at a time, reads go
 * on); a save waiting for another reads the set that one wrote, its new patterns included, which a lock of the rows
 * read would not see.
 */
async function lockSet(tx: Db, body: PatternSave): Promise<FieldErrors> {
  await tx.execute(sql`lock table ${patterns} in share row exclusive mode`);
  const stored = await tx.select({ id: patterns.id, version: rowVersion(patterns) }).from(patterns);
  const versions = new Map(stored.map((row) => [row.id, row.version]));
  const stale: FieldErrors = {};
  body.patterns.forEach((pattern, index) => {
    const version = pattern.id === undefined ? undefined : versions.get(pattern.id);
    if (version !== undefined && pattern.version !== undefined && pattern.version !== version)
      stale[`patterns.${index}.id`] = [PATTERN_MESSAGES.changed];
  });
  if (body.removed === undefined) return stale;
  body.removed.forEach((pattern, index) => {
    const version = versions.get(pattern.id);
    // Deleted meanwhile: nothing of the other user's is lost.
    if (version !== undefined && pattern.version !== version)
      stale[`removed.${index}.id`] = [PATTERN_MESSAGES.changed];
  });
  const known = new Set([...body.patterns, ...body.removed].map((pattern) => pattern.id));
  if (stored.some((row) => !known.has(row.id))) stale.removed = [PATTERN_MESSAGES.added];
  return stale;
}

/** Postal statements (spec 2, 4, 7): the patterns, read and replaced as a whole in one transaction. */
export function createPostalStatementsService({ db, kind }: PostalStatementsDeps) {
  return {
    /** Every pattern type, by id. */
    types: (): Promise<PatternType[]> =>
      db
        .select({ id: patternTypes.id, name: patternTypes.name })
        .from(patternTypes)
        .orderBy(asc(patternTypes.id)),

    /** Every stored pattern, by id. */
    list: (): Promise<Pattern[]> => readAll(db, kind),

    /**
     * Replaces the set of patterns: patterns with an `id` are kept and rewritten, those without are created, stored
     * ones left out are deleted, all in one transaction. Unknown ids, and excluded positions outside the pattern's
     * departments, are a 422 with fields by body path; versions sent that another user's save has overtaken are a
     * 409 naming the patterns (`lockSet`); either way nothing is written. Answers the stored set, every changed or
     * new pattern at a new version (a pattern sent unchanged keeps its version).
     */
    async save(body: PatternSave): Promise<Pattern[]> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const stale = await lockSet(tx, body);
        const fields = await check(tx, body);
        refuseSave(fields, stale);
        const kept = body.patterns.flatMap((p) => (p.id === undefined ? [] : [p.id]));
        const before = new Map((await readAll(tx, kind)).map((pattern) => [pattern.id, pattern]));
        await tx.delete(patterns).where(kept.length > 0 ? notInArray(patterns.id, kept) : undefined);
        for (const pattern of body.patterns) {
          // A pattern sent as stored is not written: its version moves only when it changes, so a save of the set
          // is refused only over the patterns another user changed.
          if (pattern.id !== undefined && sameAs(before.get(pattern.id), pattern)) continue;
          let patternId = pattern.id;
          if (patternId === undefined) {
            const [row] = await tx
              .insert(patterns)
              .values({ patternTypeId: pattern.pattern_type_id })
              .returning({ id: patterns.id });
            patternId = row.id;
          } else {
            await tx
              .update(patterns)
              .set({ patternTypeId: pattern.pattern_type_id })
              .where(eq(patterns.id, patternId));
            await tx.delete(patternDepartments).where(eq(patternDepartments.patternId, patternId));
            await tx
              .delete(patternPositionExclusions)
              .where(
                pattern.excluded_position_ids.length > 0
                  ? and(
                      eq(patternPositionExclusions.patternId, patternId),
                      notInArray(patternPositionExclusions.employeePositionId, pattern.excluded_position_ids),
                    )
                  : eq(patternPositionExclusions.patternId, patternId),
              );
          }
          const owner = patternId;
          await tx
            .insert(patternDepartments)
            .values(pattern.department_ids.map((departmentId) => ({ patternId: owner, departmentId })));
          if (pattern.excluded_position_ids.length > 0)
            await tx
              .insert(patternPositionExclusions)
              .values(
                pattern.excluded_position_ids.map((employeePositionId) => ({
                  patternId: owner,
                  employeePositionId,
                })),
              )
              .onConflictDoNothing();
        }
        return readAll(tx, kind);
      });
    },
  };
}
