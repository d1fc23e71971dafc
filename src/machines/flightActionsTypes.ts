/**
 * The context and events of the flight table's actions machine (flightActions.ts), apart from the machine, and
 * `hasUnsavedTgoChoice`, the one reading of that context the TGO dialog shares with it.
 */
import type { EmployeesAction, ExportRequest } from '../app/flight-table/api.ts';
import type { TgoOption } from '../shared/flight-table.ts';

/** The state of a divide or combine (spec 4). */
export type PairingStatus = 'none' | 'pending' | 'fulfilled' | 'rejected';

export interface FlightActionsContext {
  /** The rows the running (or confirming) action is about. */
  aids: number[];
  /** The legs of the divide being confirmed or run: 'S7 407 (23.11) и S7 406 (24.11)'. */
  legs: string;
  pairing: { status: PairingStatus; message: string | null };
  tgos: TgoOption[];
  tgoId: number | null;
  /** The message under the TGO dialog or the delete confirmation after a failure. */
  error: string | null;
  /** Bytes of the spreadsheet received so far, and its size when known. */
  progress: { received: number; total: number | null };
}

export type FlightActionsEvent =
  | { type: 'DELETE.REQUEST'; aids: number[] }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DIVIDE.REQUEST'; aid: number; legs: string }
  | { type: 'DIVIDE.CONFIRM' }
  | { type: 'COMBINE.RUN'; arrivalFlightId: number; departureFlightId: number; legs: string }
  | { type: 'EMPLOYEES.CHANGE'; action: EmployeesAction; aids: number[] }
  | { type: 'TGO.OPEN'; aids: number[] }
  | { type: 'TGO.CHOOSE'; tgoId: number }
  | { type: 'TGO.APPLY' }
  | { type: 'EXPORT.START'; request: ExportRequest }
  | { type: 'EXPORT.PROGRESS'; received: number; total: number | null }
  | { type: 'DROP.CONFIRM' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'DIVIDE.CANCEL' }
  | { type: 'DROP.CANCEL' }
  | { type: 'TGO.CANCEL' }
  | { type: 'EXPORT.CANCEL' };

/** The TGO the dialog opens on: the rows' current one, else the first. Example: `[{id: 3}, {id: 7, current: true}]` → 7. */
export function firstChoice(tgos: readonly TgoOption[]): number | null {
  return tgos.find((tgo) => tgo.current)?.id ?? tgos[0]?.id ?? null;
}

/** Whether closing the TGO dialog would lose a choice: one other than the TGO it opened on is chosen. */
export function hasUnsavedTgoChoice(context: Pick<FlightActionsContext, 'tgos' | 'tgoId'>): boolean {
  return context.tgoId !== firstChoice(context.tgos);
}
