export {
  type FailureTitles,
  ReferencesFailed,
  type RowDeleteDialogProps,
  RowModalForm,
  type RowModalFormProps,
} from './RowModal.tsx';
export { RowModalPage, type RowModalPageProps } from './RowModalPage.tsx';
export { useRowModalList, useRowModalStatus } from './useRowModal.ts';
