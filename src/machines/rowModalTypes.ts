/**
 * The types of the row modal, apart from the factory that builds it (rowModal.ts): what a module describes to
 * `createRowModal`, the context and events of the machine it gets back, what the screen pieces shared by every row
 * modal see of its actor, and `saveFailureMessage`, the one reading of that context those pieces share.
 */
import type { ActorRef, Snapshot } from 'xstate';
import type { FieldErrors } from '../app/api/errors.ts';
import { isUnder } from './fieldErrors.ts';
import type { FormCheck } from './formModal.ts';

/** What failed: the screen's choice lists, a row read by id, the choices of a form value, a save, a delete. */
export type RowModalFailure = 'references' | 'get' | 'choices' | 'create' | 'update' | 'delete';

/** The row a delete confirmation is about. */
interface RowTarget {
  id: number;
  name: string;
}

/** What one change does: the new form, and the error paths it clears (with the paths below them). */
export interface RowEdit<Form> {
  form: Form;
  clear: readonly string[];
}

export interface RowModalContext<Type extends string, Form, References, Choice> {
  /** 'create', 'edit' or one of the module's openings; null while the modal is closed. */
  modalType: Type | null;
  form: Form;
  /** The form as it opened (empty, or filled from the row): closing asks first once `form` differs from it. */
  pristine: Form;
  /** Messages under the controls: the shared schema's before sending, the server's `fields` after. */
  errors: FieldErrors;
  failure: RowModalFailure | null;
  /** The server's (or the client's) message of the last failure. */
  message: string | null;
  target: RowTarget | null;
  references: References | null;
  /** The choices that follow one form value (allocation: the departments of the chosen contractor). */
  choices: Choice[];
  /** The list must be asked again: true after a save or a delete, false once it has loaded (`LIST.LOADED`). */
  needUpdate: boolean;
}

/** The events every row modal takes, whatever its form. */
type RowModalCommonEvent =
  | { type: 'MODAL.CREATE' }
  | { type: 'FORM.SUBMIT' }
  | { type: 'MODAL.CLOSE' }
  | { type: 'DELETE.ASK'; target: RowTarget }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'ERROR.CLOSE' }
  | { type: 'REFERENCES.RETRY' }
  | { type: 'LIST.LOADED' };

/** What a row modal tells its screen: a save or a delete changed the list, which should be asked again. */
export type RowModalEmitted = { type: 'LIST.CHANGED' };

/** What the screen pieces shared by every row modal see of its actor, whatever its form. */
export type RowModalActor = ActorRef<
  Snapshot<unknown> & {
    context: RowModalContext<string, unknown, unknown, unknown>;
    hasTag: (tag: string) => boolean;
  },
  RowModalCommonEvent,
  RowModalEmitted
>;

/** The events of one module's row modal: `OpenType`, its modal types besides 'create' and 'edit'. */
export type RowModalEvent<Change, OpenType extends string = never> =
  | RowModalCommonEvent
  | { type: 'MODAL.OPEN'; modalType: 'edit' | OpenType; id: number }
  | { type: 'FORM.CHANGE'; change: Change };

/** What a module tells the factory. */
export interface RowModalDescription<
  Form extends { id: number | null },
  Row,
  Payload,
  References,
  Change,
  Choice,
  OpenType extends string,
> {
  /** The machine's id, also the root of its state ids. */
  id: string;
  emptyForm: () => Form;
  /** The form of a row read for `modalType`; a form whose id is null is saved as a new row. */
  formFrom: (row: Row, modalType: 'edit' | OpenType) => Form;
  /** The shared schema's verdict on the form: the body to send, or the messages by path. */
  check: (form: Form) => FormCheck<Payload>;
  /** What one `FORM.CHANGE` does to the form. */
  change: (form: Form, change: Change) => RowEdit<Form>;
  /** The module's door to the server (its api.ts), invoked as the named actors `loadReferences`, `getRow`, ... */
  api: {
    references: () => Promise<References>;
    get: (id: number) => Promise<Row>;
    /** Creates when `id` is null, else updates that row. */
    save: (payload: Payload, id: number | null) => Promise<unknown>;
    remove: (id: number) => Promise<void>;
  };
  /** Choices that follow one form value (none while it is null), asked again when a change changes it. */
  choices?: {
    of: (form: Form) => number | null;
    load: (key: number) => Promise<Choice[]>;
  };
  /** The success alerts. */
  messages: { saved: string; deleted: string };
  /** Failures the machine raises as a danger alert; the screen shows the others itself. */
  alertFailures?: readonly RowModalFailure[];
}

/**
 * The failed save's message for above the buttons, unless the server's fields sit under the form's own controls (a
 * control shows its own path and its parts', as `controlMessage` gathers them).
 * Example: a 422 with `{name: ['Такое поле уже есть']}` and 'name' among `controls` → null (the control shows it);
 * `{'coefs.0.value': [...]}` with 'coefs' among them → null too.
 */
export function saveFailureMessage(
  context: Pick<RowModalContext<string, unknown, unknown, unknown>, 'failure' | 'message' | 'errors'>,
  controls: readonly string[],
): string | null {
  if (context.failure !== 'create' && context.failure !== 'update') return null;
  const placed = Object.keys(context.errors).some((path) =>
    controls.some((control) => isUnder(path, control)),
  );
  return placed ? null : context.message || null;
}

/**
 * True when the form holds input that closing the modal would lose: `hasUnsavedForm({form: {name: 'А'}, pristine:
 * {name: ''}})` is true; a value typed and erased again is no change.
 */
export function hasUnsavedForm(context: { form: unknown; pristine: unknown }): boolean {
  return JSON.stringify(context.form) !== JSON.stringify(context.pristine);
}
