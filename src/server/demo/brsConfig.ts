import type { BrsSettings } from '../../shared/brs-config.ts';
import { aviacompanyBaggageRegisters } from '../db/schema/brsConfig.ts';
import { AIRLINES } from './facts/geo.ts';
import { type DemoTable, Table } from './table.ts';

/**
 * Baggage-register settings of the airlines whose bags Kazan reconciles: the big Russian carriers exchange BSM and
 * BPM, a foreign one only receives BSM, a regional one is set up but not yet switched on. The other airlines have
 * none, so the screen shows both a create and an update.
 */
const SETTINGS: [iata: string, settings: BrsSettings][] = [
  ['SU', settings(true, true, true, 32, 3, 40, 'separate_container', 'auto')],
  ['S7', settings(true, true, true, 32, 2, 30, 'load_last', 'manual')],
  ['U6', settings(true, true, false, 23, 2, 25, 'load_last', 'manual')],
  ['TK', settings(true, true, false, 32, 2, 45, 'load_last', 'refuse')],
  ['UT', settings(false, false, false, 23, 1, 20, 'none', 'manual')],
];

function settings(
  isEnabled: boolean,
  bsm: boolean,
  bpm: boolean,
  weight: number,
  pieces: number,
  closeMinutes: number,
  priority: BrsSettings['priority_tag_handling'],
  rush: BrsSettings['rush_tag_handling'],
): BrsSettings {
  return {
    is_enabled: isEnabled,
    bsm_exchange: bsm,
    bpm_exchange: bpm,
    max_bag_weight_kg: weight,
    max_bag_pieces: pieces,
    loading_close_minutes: closeMinutes,
    priority_tag_handling: priority,
    rush_tag_handling: rush,
  };
}

/** The demo's baggage-register settings rows (airlines are numbered in the order of the facts). */
export function buildBrsConfig(): DemoTable[] {
  const table = new Table(aviacompanyBaggageRegisters);
  for (const [iata, s] of SETTINGS) {
    const index = AIRLINES.findIndex((airline) => airline.iata === iata);
    if (index < 0) throw new Error(`demo BRS settings: no airline ${iata}`);
    table.add({
      id: table.nextId,
      airlineId: index + 1,
      isEnabled: s.is_enabled,
      bsmExchange: s.bsm_exchange,
      bpmExchange: s.bpm_exchange,
      maxBagWeightKg: s.max_bag_weight_kg,
      maxBagPieces: s.max_bag_pieces,
      loadingCloseMinutes: s.loading_close_minutes,
      priorityTagHandling: s.priority_tag_handling,
      rushTagHandling: s.rush_tag_handling,
    });
  }
  return [table];
}
