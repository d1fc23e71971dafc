import { eq } from 'drizzle-orm';
import {
  BRS_MESSAGES,
  type BrsCreateInput,
  type BrsRegister,
  type BrsUpdateInput,
} from '../../../shared/brs-config.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { lockRow } from '../../db/rowVersion.ts';
import { airlines, aviacompanyBaggageRegisters } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { changedColumns, registerAnswer, registerColumns, registerSelection } from './answer.ts';

export type BrsConfigDeps = Pick<DbHandle, 'db'>;

/** PostgreSQL's unique_violation: two creates for one airline raced past the check. */
const UNIQUE_VIOLATION = '23505';

/** Airline baggage-register settings: create the row of an airline that has none, update a row, read rows. */
export function createBrsConfigService({ db }: BrsConfigDeps) {
  async function one(executor: Db, id: number): Promise<BrsRegister> {
    const [row] = await executor
      .select(registerSelection)
      .from(aviacompanyBaggageRegisters)
      .where(eq(aviacompanyBaggageRegisters.id, id));
    if (!row) throw new NotFoundError(BRS_MESSAGES.notFound);
    return registerAnswer(row);
  }

  return {
    /**
     * Creates the settings of an airline that has none, in one transaction: an unknown airline is a 422 on
     * `aviacompany_id`, an airline with settings a 409; nothing is written either way.
     */
    async create(input: BrsCreateInput): Promise<BrsRegister> {
      const { aviacompany_id: airlineId, ...settings } = input;
      try {
        return await db.transaction(async (tx) => {
          const [airline] = await tx
            .select({ id: airlines.id })
            .from(airlines)
            .where(eq(airlines.id, airlineId));
          if (!airline) throw new ValidationError({ aviacompany_id: [BRS_MESSAGES.unknownAirline] });
          const [existing] = await tx
            .select({ id: aviacompanyBaggageRegisters.id })
            .from(aviacompanyBaggageRegisters)
            .where(eq(aviacompanyBaggageRegisters.airlineId, airlineId));
          if (existing) throw new ConflictError(BRS_MESSAGES.alreadyExists);
          const [row] = await tx
            .insert(aviacompanyBaggageRegisters)
            .values({ airlineId, ...registerColumns(settings) })
            .returning(registerSelection);
          return registerAnswer(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(BRS_MESSAGES.alreadyExists);
        throw error;
      }
    },

    /**
     * Changes the settings a body names, in one transaction; the airline stays. 404 when the row is gone, 409 when
     * the body's `version` is not the stored one (another user saved it since); the answer carries the new version.
     */
    async update(id: number, input: BrsUpdateInput): Promise<BrsRegister> {
      const { version, ...settings } = input;
      const columns = changedColumns(settings);
      return db.transaction(async (tx) => {
        const table = aviacompanyBaggageRegisters;
        await lockRow(tx, table, table.id, id, version, BRS_MESSAGES.notFound);
        if (Object.keys(columns).length === 0) return one(tx, id);
        const [row] = await tx
          .update(table)
          .set(columns)
          .where(eq(table.id, id))
          .returning(registerSelection);
        return registerAnswer(row);
      });
    },
  };
}

/** True for a unique-constraint refusal, however the driver wraps it (Drizzle puts the pg error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === UNIQUE_VIOLATION) return true;
  return false;
}

export type BrsConfigService = ReturnType<typeof createBrsConfigService>;
