import { CONFIG_DEFAULTS } from '../../shared/delay-reasons.ts';
import { appConfig } from '../db/schema/delayReasons.ts';
import { type DemoTable, iso, Table } from './table.ts';

/**
 * The operational settings of the demo, each at its default, so the settings form opens on a stored value. (The
 * delay classifiers are seeded with the other references in `references.ts`.)
 */
export function buildDelayReasonsConfig(now: number): DemoTable[] {
  const table = new Table(appConfig);
  // A jsonb column: the loader writes the JSON text as a string literal, which PostgreSQL casts.
  for (const [key, value] of Object.entries(CONFIG_DEFAULTS))
    table.add({ key, value: JSON.stringify(value), updatedAt: iso(now) });
  return [table];
}
