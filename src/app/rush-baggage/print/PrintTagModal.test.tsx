import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pectab, Printer } from '../../../shared/printing.ts';
import { json, type SeenRequest, stubFetch } from '../../api/stubFetch.ts';
import { PrintTagModal } from './PrintTagModal.tsx';

const BAG_TAG = { id: 1, name: 'Багажная бирка' };
const SPOOL: Printer = {
  id: 1,
  external_id: 'SPOOL-1',
  manufacturer: 'Встроенный',
  model: 'PDF',
  name: 'Спул-принтер',
  is_active: true,
  print_type: BAG_TAG,
  kind: 'spool',
  host: null,
  port: null,
};
const PDF_OUT: Pectab = {
  id: 4,
  name: 'Бирка RUSH, намотка наружу',
  print_type: BAG_TAG,
  winding: { id: 1, name: 'Лицом наружу' },
  language: 'pdf',
  width_mm: 54,
  length_mm: 470,
  barcode_height_mm: 20,
  module_tenth_mm: 4,
};

/** Printers and templates, and `print` answering the print call. */
function serve(print: (request: SeenRequest) => Response) {
  return stubFetch((request) => {
    if (request.path === '/api/v1/printer/printer') return json(200, [SPOOL]);
    if (request.path === '/api/v1/printer/pectab') return json(200, [PDF_OUT]);
    if (request.path === '/api/v1/printer/print-btp') return print(request);
    if (request.path === '/api/v1/printer/job/9.pdf')
      return new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf' } });
    return json(404, { message: 'Не найдено' });
  });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:tag-pdf');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the print modal', () => {
  it('prints the tags on the chosen spool printer and offers the PDF', async () => {
    const seen = serve(() =>
      json(200, {
        job_id: 9,
        kind: 'spool',
        pdf_url: '/api/v1/printer/job/9.pdf',
        file_name: 'Бирки досылки 2555000042, 2555000043.pdf',
        pages: 2,
      }),
    );
    render(<PrintTagModal tagIds={[31, 32]} onClose={() => {}} />);
    expect(await screen.findByRole('combobox', { name: 'Принтер' })).toHaveTextContent('Спул-принтер');
    expect(screen.getByRole('combobox', { name: 'Шаблон печати' })).toHaveTextContent('намотка наружу');
    await userEvent.click(screen.getByRole('button', { name: 'Печать' }));
    const link = await screen.findByRole('link', { name: 'Скачать PDF' });
    expect(link).toHaveAttribute('href', 'blob:tag-pdf');
    // Named as the server names it: by the tags it holds.
    expect(link).toHaveAttribute('download', 'Бирки досылки 2555000042, 2555000043.pdf');
    expect(seen.find((r) => r.path === '/api/v1/printer/print-btp')?.body).toEqual({
      printer_id: 1,
      pectab_id: 4,
      tag_ids: [31, 32],
    });
  });

  it('shows the refusal: the message, the printer field error and the tag error', async () => {
    serve(() =>
      json(422, {
        message: 'Печать не выполнена',
        fields: { printer_id: ['Принтер выключен'], tag_ids: ['Бирки не найдены: 32'] },
      }),
    );
    render(<PrintTagModal tagIds={[31, 32]} onClose={() => {}} />);
    await screen.findByRole('combobox', { name: 'Принтер' });
    await userEvent.click(screen.getByRole('button', { name: 'Печать' }));
    expect(await screen.findByText('Принтер выключен')).toBeInTheDocument();
    expect(screen.getByText('Печать не выполнена')).toBeInTheDocument();
    expect(screen.getByText('Бирки не найдены: 32')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeEnabled();
  });

  it('says so when no bag-tag printer is switched on, and cannot print', async () => {
    stubFetch((request) =>
      request.path === '/api/v1/printer/pectab' ? json(200, [PDF_OUT]) : json(200, []),
    );
    render(<PrintTagModal tagIds={[31]} onClose={() => {}} />);
    expect(await screen.findByText('Нет включённых принтеров багажных бирок')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Печать' })).toBeDisabled();
  });

  it('closes on «Отмена»', async () => {
    serve(() => json(500, {}));
    const onClose = vi.fn();
    render(<PrintTagModal tagIds={[31]} onClose={onClose} />);
    await screen.findByRole('combobox', { name: 'Принтер' });
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalled();
  });
});
