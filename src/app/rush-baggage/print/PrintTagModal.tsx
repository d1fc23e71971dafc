import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { pectabsFor, printTagMachine } from '../../../machines/printTag.ts';
import { PRINT_MESSAGES } from '../../../shared/printing.ts';
import { LoadFailure, Modal, Select } from '../../../widgets/index.ts';

export interface PrintTagModalProps {
  /** Rush tag ids (`new tag` ids of `POST /rush-baggage` and the rush answer). */
  tagIds: number[];
  onClose: () => void;
}

/** An object URL of the blob while it is shown, revoked after. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The baggage-tag print dialog (spec 2, 4, 8, 9): printer and template, «Отмена» and «Печать»; pending while the
 * job runs; then a link to the spooled PDF or «Отправлено на принтер»; a refusal shows its message and the field
 * errors under the printer and template (the rest under the message).
 */
export function PrintTagModal({ tagIds, onClose }: PrintTagModalProps) {
  const actor = useActorRef(printTagMachine, { input: { tagIds } });
  const state = useSelector(actor, (s) => s);
  const { printers, pectabs, printerId, pectabId, message, fields, job, pdf } = state.context;
  const pending = state.hasTag('pending');
  const url = useObjectUrl(pdf);
  const printer = printers.find((p) => p.id === printerId);
  const otherFields = Object.entries(fields)
    .filter(([key]) => key !== 'printer_id' && key !== 'pectab_id')
    .flatMap(([, list]) => list)
    .filter((text) => text !== message);

  let body: ReactNode;
  let footer: ReactNode;
  if (state.hasTag('loading')) body = <p aria-busy="true">Загрузка принтеров…</p>;
  else if (state.matches('loadFailed'))
    body = <LoadFailure message={message} onRetry={() => actor.send({ type: 'LOAD.RETRY' })} />;
  else if (state.hasTag('success') && job) {
    body = (
      <div className="print-tag__result">
        {job.kind === 'spool' ? (
          url ? (
            <p>
              Бирки напечатаны в PDF ({job.pages} стр.):{' '}
              <a href={url} download={job.file_name ?? undefined}>
                Скачать PDF
              </a>
            </p>
          ) : (
            <LoadFailure message={message} onRetry={() => actor.send({ type: 'LOAD.RETRY' })} />
          )
        ) : (
          <p role="status">{PRINT_MESSAGES.sent}</p>
        )}
      </div>
    );
    footer = (
      <button type="button" className="w-button" onClick={onClose}>
        Закрыть
      </button>
    );
  } else {
    body = (
      <div className="print-tag__form">
        <Select
          label="Принтер"
          options={printers.map((p) => ({
            id: p.id,
            name: p.name,
            subtitle: p.kind === 'spool' ? 'PDF-файл' : `${p.host}:${p.port}`,
          }))}
          value={printerId}
          onChange={(id) => actor.send({ type: 'PRINTER.CHOOSE', id: id === null ? null : Number(id) })}
          disabled={pending}
          error={fields.printer_id?.join('. ')}
          required
        />
        <Select
          label="Шаблон печати"
          options={pectabsFor(pectabs, printer).map((p) => ({
            id: p.id,
            name: p.name,
            subtitle: p.winding.name,
          }))}
          value={pectabId}
          onChange={(id) => actor.send({ type: 'PECTAB.CHOOSE', id: id === null ? null : Number(id) })}
          disabled={pending || !printer}
          error={fields.pectab_id?.join('. ')}
          required
        />
        {printers.length === 0 ? <p role="status">{PRINT_MESSAGES.noPrinters}</p> : null}
        {message ? (
          <div role="alert" className="print-tag__error">
            <p>{message}</p>
            {otherFields.length ? <p>{[...new Set(otherFields)].join('. ')}</p> : null}
          </div>
        ) : null}
        {pending ? <p aria-busy="true">Печать…</p> : null}
      </div>
    );
  }
  return (
    <Modal
      open
      title="Печать багажной бирки"
      width={480}
      onClose={onClose}
      disabled={pending}
      footer={footer}
      submitLabel="Печать"
      onSubmit={footer === undefined ? () => actor.send({ type: 'FORM.SUBMIT' }) : undefined}
      submitDisabled={pending || printerId === null || pectabId === null}
    >
      {body}
    </Modal>
  );
}
