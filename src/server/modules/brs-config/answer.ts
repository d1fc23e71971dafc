import { getTableColumns } from 'drizzle-orm';
import type { BrsRegister, BrsSettings } from '../../../shared/brs-config.ts';
import { rowVersion } from '../../db/rowVersion.ts';
import { aviacompanyBaggageRegisters } from '../../db/schema/brsConfig.ts';

type Stored = typeof aviacompanyBaggageRegisters.$inferSelect;
type Row = Stored & { version: string };

/**
 * What an answer is built of, for `select(…)` and `returning(…)`: the row and its version (the editor sends it back,
 * src/server/db/rowVersion.ts). Also read by `/aviacompany?expand=aviacompanyBaggageRegister`.
 */
export const registerSelection = {
  ...getTableColumns(aviacompanyBaggageRegisters),
  version: rowVersion(aviacompanyBaggageRegisters),
};

/** A stored row as the API answers it (here and under `/aviacompany?expand=aviacompanyBaggageRegister`). */
export function registerAnswer(row: Row): BrsRegister {
  return {
    id: row.id,
    aviacompany_id: row.airlineId,
    is_enabled: row.isEnabled,
    bsm_exchange: row.bsmExchange,
    bpm_exchange: row.bpmExchange,
    max_bag_weight_kg: row.maxBagWeightKg,
    max_bag_pieces: row.maxBagPieces,
    loading_close_minutes: row.loadingCloseMinutes,
    priority_tag_handling: row.priorityTagHandling,
    rush_tag_handling: row.rushTagHandling,
    version: row.version,
  };
}

/** The columns of a complete body. */
export function registerColumns(input: BrsSettings) {
  return {
    isEnabled: input.is_enabled,
    bsmExchange: input.bsm_exchange,
    bpmExchange: input.bpm_exchange,
    maxBagWeightKg: input.max_bag_weight_kg,
    maxBagPieces: input.max_bag_pieces,
    loadingCloseMinutes: input.loading_close_minutes,
    priorityTagHandling: input.priority_tag_handling,
    rushTagHandling: input.rush_tag_handling,
  } satisfies Omit<Stored, 'id' | 'airlineId'>;
}

/** The columns of the settings a body sends; keys it leaves out stay out (a PATCH keeps their stored values). */
export function changedColumns(input: Partial<BrsSettings>): Partial<ReturnType<typeof registerColumns>> {
  const columns = registerColumns(input as BrsSettings);
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}
