/**
 * The bag-tag print modal (spec 4, "Print tag"; issue 14): load the active bag-tag printers and templates, choose
 * one of each, print. While the print (and, for the spool, the PDF download) runs the machine is `pending`; a
 * printed job rests in `success` with the PDF (spool) or the words «Отправлено на принтер» (network printer); a
 * refusal keeps the server's message and field errors (`printer_id`, `pectab_id`, `tag_ids`) and lets the user
 * choose again.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { loadJobPdf, loadPrintOptions, type PrintOptions, printTags } from '../app/rush-baggage/print/api.ts';
import {
  LANGUAGE_OF_KIND,
  type Pectab,
  type PrintBtp,
  type Printer,
  type PrintJob,
  WINDING,
} from '../shared/printing.ts';

export interface PrintTagContext {
  tagIds: number[];
  printers: Printer[];
  pectabs: Pectab[];
  printerId: number | null;
  pectabId: number | null;
  job: PrintJob | null;
  /** The spooled PDF, once fetched. */
  pdf: Blob | null;
  message: string | null;
  /** The refused print's field errors by body path (`printer_id`, `pectab_id`, `tag_ids`). */
  fields: Record<string, string[]>;
}

export type PrintTagEvent =
  | { type: 'PRINTER.CHOOSE'; id: number | null }
  | { type: 'PECTAB.CHOOSE'; id: number | null }
  | { type: 'FORM.SUBMIT' }
  | { type: 'LOAD.RETRY' };

/** The templates a printer takes: bag-tag templates in its language. */
export function pectabsFor(pectabs: readonly Pectab[], printer: Printer | undefined): Pectab[] {
  return printer ? pectabs.filter((pectab) => pectab.language === LANGUAGE_OF_KIND[printer.kind]) : [];
}

/** The first printer (the spool when there is one) and its first face-out template. */
function defaults(options: PrintOptions): Pick<PrintTagContext, 'printerId' | 'pectabId'> {
  const printer = options.printers.find((p) => p.kind === 'spool') ?? options.printers[0];
  return { printerId: printer?.id ?? null, pectabId: pickPectab(options.pectabs, printer, null) };
}

/** Keeps the chosen template when the printer takes it, else the printer's first face-out (or first) template. */
function pickPectab(pectabs: readonly Pectab[], printer: Printer | undefined, current: number | null) {
  const fitting = pectabsFor(pectabs, printer);
  if (fitting.some((pectab) => pectab.id === current)) return current;
  return (fitting.find((pectab) => pectab.winding.id === WINDING.faceOut) ?? fitting[0])?.id ?? null;
}

/** A context's fields without one key. */
function without(fields: Record<string, string[]>, key: string) {
  const { [key]: _, ...rest } = fields;
  return rest;
}

export const printTagMachine = setup({
  types: {
    context: {} as PrintTagContext,
    events: {} as PrintTagEvent,
    input: {} as { tagIds: number[] },
  },
  actors: {
    loadOptions: fromPromise<PrintOptions>(({ signal }) => loadPrintOptions(signal)),
    print: fromPromise<PrintJob, PrintBtp>(({ input }) => printTags(input)),
    loadPdf: fromPromise<Blob, { jobId: number }>(({ input }) => loadJobPdf(input.jobId)),
  },
  guards: {
    'canPrint?': ({ context }) =>
      context.printerId !== null && context.pectabId !== null && context.tagIds.length > 0,
    'isSpooled?': ({ event }) => (event as { output?: PrintJob }).output?.kind === 'spool',
    'isPdfMissing?': ({ context }) => context.job?.kind === 'spool' && context.pdf === null,
  },
  actions: {
    takeOptions: assign(({ event }) => {
      const options = (event as unknown as { output: PrintOptions }).output;
      return { ...options, ...defaults(options), message: null, fields: {} };
    }),
    choosePrinter: assign(({ context, event }) => {
      assertEvent(event, 'PRINTER.CHOOSE');
      const printer = context.printers.find((p) => p.id === event.id);
      return {
        printerId: event.id,
        pectabId: pickPectab(context.pectabs, printer, context.pectabId),
        fields: without(without(context.fields, 'printer_id'), 'pectab_id'),
        message: null,
      };
    }),
    choosePectab: assign(({ context, event }) => {
      assertEvent(event, 'PECTAB.CHOOSE');
      return { pectabId: event.id, fields: without(context.fields, 'pectab_id'), message: null };
    }),
    clearErrors: assign({ message: null, fields: {} }),
    takeJob: assign(({ event }) => ({ job: (event as unknown as { output: PrintJob }).output })),
    takePdf: assign(({ event }) => ({ pdf: (event as unknown as { output: Blob }).output })),
    keepError: assign(({ event }) => {
      const error = parseApiError((event as unknown as ErrorActorEvent).error);
      return { message: error.message, fields: error.fields };
    }),
  },
}).createMachine({
  id: 'printTag',
  context: ({ input }) => ({
    tagIds: input.tagIds,
    printers: [],
    pectabs: [],
    printerId: null,
    pectabId: null,
    job: null,
    pdf: null,
    message: null,
    fields: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadOptions',
        onDone: { target: 'choosing', actions: 'takeOptions' },
        onError: { target: 'loadFailed', actions: 'keepError' },
      },
    },
    loadFailed: {
      on: { 'LOAD.RETRY': { target: 'loading', actions: 'clearErrors' } },
    },
    choosing: {
      on: {
        'PRINTER.CHOOSE': { actions: 'choosePrinter' },
        'PECTAB.CHOOSE': { actions: 'choosePectab' },
        'FORM.SUBMIT': { guard: 'canPrint?', target: 'printing', actions: 'clearErrors' },
      },
    },
    printing: {
      tags: ['pending'],
      invoke: {
        src: 'print',
        input: ({ context }) => ({
          printer_id: context.printerId ?? 0,
          pectab_id: context.pectabId ?? 0,
          tag_ids: context.tagIds,
        }),
        onDone: [
          { guard: 'isSpooled?', target: 'fetchingPdf', actions: 'takeJob' },
          { target: 'printed', actions: 'takeJob' },
        ],
        onError: { target: 'choosing', actions: 'keepError' },
      },
    },
    fetchingPdf: {
      tags: ['pending'],
      invoke: {
        src: 'loadPdf',
        input: ({ context }) => ({ jobId: context.job?.job_id ?? 0 }),
        onDone: { target: 'printed', actions: 'takePdf' },
        // The job is printed; only the download failed: say so, and let the user fetch it again.
        onError: { target: 'printed', actions: 'keepError' },
      },
    },
    printed: {
      tags: ['success'],
      on: { 'LOAD.RETRY': { guard: 'isPdfMissing?', target: 'fetchingPdf', actions: 'clearErrors' } },
    },
  },
});
