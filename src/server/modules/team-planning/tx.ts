import type { LiveNotice } from '../../../shared/events.ts';
import type { Db } from '../../db/client.ts';
import { notifyChange } from '../../events/notify.ts';

/** A transaction of team planning's writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a read needs: the database or a transaction. */
export type Reader = Pick<Db, 'select' | 'execute'>;

/** Tells the live channel about every change of a write, inside its transaction. */
export async function notifyAll(tx: Tx, notices: LiveNotice[]): Promise<void> {
  for (const notice of notices) await notifyChange(tx, notice);
}
