import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { PrintOptions } from '../app/rush-baggage/print/api.ts';
import type { Pectab, PrintBtp, Printer, PrintJob } from '../shared/printing.ts';
import { pectabsFor, printTagMachine } from './printTag.ts';

const BAG_TAG = { id: 1, name: 'Багажная бирка' };
const printer = (id: number, kind: Printer['kind']): Printer => ({
  id,
  external_id: `P${id}`,
  manufacturer: 'Zebra',
  model: 'ZT411',
  name: `Принтер ${id}`,
  is_active: true,
  print_type: BAG_TAG,
  kind,
  host: kind === 'spool' ? null : '10.0.0.1',
  port: kind === 'spool' ? null : 9100,
});
const pectab = (id: number, language: Pectab['language'], winding: number): Pectab => ({
  id,
  name: `Шаблон ${id}`,
  print_type: BAG_TAG,
  winding: { id: winding, name: winding === 1 ? 'Лицом наружу' : 'Лицом внутрь' },
  language,
  width_mm: 54,
  length_mm: 470,
  barcode_height_mm: 20,
  module_tenth_mm: 4,
});
const OPTIONS: PrintOptions = {
  printers: [printer(7, 'raw9100'), printer(1, 'spool')],
  pectabs: [pectab(2, 'pdf', 2), pectab(1, 'pdf', 1), pectab(3, 'zpl', 1)],
};
const PDF = new Blob(['%PDF-1.3']);

interface Fakes {
  load?: () => Promise<PrintOptions>;
  print?: (body: PrintBtp) => Promise<PrintJob>;
  pdf?: (jobId: number) => Promise<Blob>;
}

/** The machine on fakes; prints and PDF loads are recorded. */
function start(fakes: Fakes = {}, tagIds = [11, 12]) {
  const calls = { prints: [] as PrintBtp[], pdfs: [] as number[] };
  const logic = printTagMachine.provide({
    actors: {
      loadOptions: fromPromise(fakes.load ?? (async () => OPTIONS)),
      print: fromPromise(async ({ input }: { input: PrintBtp }) => {
        calls.prints.push(input);
        return (
          fakes.print ??
          (async () =>
            ({
              job_id: 5,
              kind: 'spool',
              pdf_url: '/api/v1/printer/job/5.pdf',
              file_name: 'Бирка досылки 2555000042.pdf',
              pages: 2,
            }) as PrintJob)
        )(input);
      }),
      loadPdf: fromPromise(async ({ input }: { input: { jobId: number } }) => {
        calls.pdfs.push(input.jobId);
        return (fakes.pdf ?? (async () => PDF))(input.jobId);
      }),
    },
  });
  const actor = createActor(logic, { input: { tagIds } }).start();
  return { actor, calls };
}
type Actor = ReturnType<typeof start>['actor'];
const choosing = (actor: Actor) => waitFor(actor, (s) => s.matches('choosing'));
const printed = (actor: Actor) => waitFor(actor, (s) => s.hasTag('success'));

describe('when the modal opens', () => {
  it('offers the printers and picks the spool with its face-out PDF template', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const { context } = await choosing(actor);
    expect(context.printers.map((p) => p.id)).toEqual([7, 1]);
    expect(context.printerId).toBe(1);
    expect(context.pectabId).toBe(1);
  });

  it('keeps the load failure and loads again on retry', async () => {
    let fail = true;
    const { actor } = start({
      load: async () => {
        if (fail) throw new ApiError('Сервер недоступен');
        return OPTIONS;
      },
    });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.message).toBe('Сервер недоступен');
    fail = false;
    actor.send({ type: 'LOAD.RETRY' });
    expect((await choosing(actor)).context.message).toBeNull();
  });
});

describe('when choosing a printer and a template', () => {
  it('offers a network printer only its ZPL templates and switches the template to one of them', async () => {
    const { actor } = start();
    await choosing(actor);
    expect(pectabsFor(OPTIONS.pectabs, OPTIONS.printers[0]).map((p) => p.id)).toEqual([3]);
    actor.send({ type: 'PRINTER.CHOOSE', id: 7 });
    expect(actor.getSnapshot().context.pectabId).toBe(3);
  });

  it('keeps a chosen template that the new printer also takes', async () => {
    const { actor } = start({
      load: async () => ({ ...OPTIONS, printers: [printer(1, 'spool'), printer(8, 'spool')] }),
    });
    await choosing(actor);
    actor.send({ type: 'PECTAB.CHOOSE', id: 2 });
    actor.send({ type: 'PRINTER.CHOOSE', id: 8 });
    expect(actor.getSnapshot().context.pectabId).toBe(2);
  });

  it('does not print while no template is chosen', async () => {
    const { actor, calls } = start();
    await choosing(actor);
    actor.send({ type: 'PECTAB.CHOOSE', id: null });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(calls.prints).toEqual([]);
  });
});

describe('when printing', () => {
  it('is pending, then offers the spooled PDF', async () => {
    const { actor, calls } = start();
    await choosing(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    const { context } = await printed(actor);
    expect(calls.prints).toEqual([{ printer_id: 1, pectab_id: 1, tag_ids: [11, 12] }]);
    expect(calls.pdfs).toEqual([5]);
    expect(context.pdf).toBe(PDF);
    expect(context.job?.kind).toBe('spool');
  });

  it('succeeds without a PDF on a network printer', async () => {
    const { actor, calls } = start({
      print: async () => ({ job_id: 6, kind: 'raw9100', pdf_url: null, file_name: null, pages: 2 }),
    });
    await choosing(actor);
    actor.send({ type: 'PRINTER.CHOOSE', id: 7 });
    actor.send({ type: 'FORM.SUBMIT' });
    const { context } = await printed(actor);
    expect(calls.pdfs).toEqual([]);
    expect(context.job?.kind).toBe('raw9100');
    expect(context.pdf).toBeNull();
  });

  it('keeps the message and the field errors of a refusal, and clears a field error when its choice changes', async () => {
    const { actor } = start({
      print: async () => {
        throw new ApiError(
          'Принтер 10.0.0.1:9100 недоступен',
          {
            printer_id: ['Принтер 10.0.0.1:9100 недоступен'],
            tag_ids: ['Бирки не найдены: 12'],
          },
          422,
        );
      },
    });
    await choosing(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    const { context } = await waitFor(actor, (s) => s.matches('choosing') && s.context.message !== null);
    expect(context.message).toBe('Принтер 10.0.0.1:9100 недоступен');
    expect(context.fields).toEqual({
      printer_id: ['Принтер 10.0.0.1:9100 недоступен'],
      tag_ids: ['Бирки не найдены: 12'],
    });
    actor.send({ type: 'PRINTER.CHOOSE', id: 1 });
    expect(actor.getSnapshot().context.fields).toEqual({ tag_ids: ['Бирки не найдены: 12'] });
  });

  it('says when the printed PDF could not be fetched and fetches it again on retry', async () => {
    let fail = true;
    const { actor, calls } = start({
      pdf: async () => {
        if (fail) throw new ApiError('Задание печати не найдено', {}, 404);
        return PDF;
      },
    });
    await choosing(actor);
    actor.send({ type: 'FORM.SUBMIT' });
    const first = await printed(actor);
    expect(first.context.message).toBe('Задание печати не найдено');
    expect(first.context.pdf).toBeNull();
    fail = false;
    actor.send({ type: 'LOAD.RETRY' });
    await waitFor(actor, (s) => s.context.pdf !== null);
    expect(calls.pdfs).toEqual([5, 5]);
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});
