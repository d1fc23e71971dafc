import type { ReactNode } from 'react';
import type { RowModalActor } from '../../machines/rowModalTypes.ts';
import { Page, PageCard, PageTitle } from '../Page.tsx';
import { ReferencesFailed, RowDeleteDialog, type RowDeleteDialogProps } from './RowModal.tsx';

export interface RowModalPageProps {
  /** The page's heading. */
  title: string;
  modal: RowModalActor;
  /** Whether the user may add a row: «Добавить» in the title row. */
  canCreate: boolean;
  /** The notice when the screen's choice lists did not load. */
  referencesMessage: string;
  /** The delete question and the failure popups. */
  deletion: Omit<RowDeleteDialogProps, 'modal'>;
  /** The module's modal of a row. */
  dialog: ReactNode;
  /** The card's content: the grid. */
  children: ReactNode;
}

/** A list screen with a row modal: the title with «Добавить», the card with the grid, the modal, the delete question. */
export function RowModalPage({
  title,
  modal,
  canCreate,
  referencesMessage,
  deletion,
  dialog,
  children,
}: RowModalPageProps) {
  return (
    <Page label={title}>
      <PageTitle
        title={title}
        actions={
          canCreate ? [{ label: 'Добавить', onClick: () => modal.send({ type: 'MODAL.CREATE' }) }] : []
        }
      />
      <PageCard>
        <ReferencesFailed modal={modal} message={referencesMessage} />
        {children}
      </PageCard>
      {dialog}
      <RowDeleteDialog modal={modal} {...deletion} />
    </Page>
  );
}
