import './fonts.ts';

export { AlertBanner, type AlertType, alertActor, hideAlert, showAlert, useAlert } from './Alert/index.ts';
export { ContextMenu, type ContextMenuItem, type ContextMenuProps } from './ContextMenu.tsx';
export * from './DataGrid/index.ts';
export * from './DatePicker/index.ts';
export { Dropdown, type DropdownProps } from './Dropdown.tsx';
export { ErrorPopup, type ErrorPopupProps } from './ErrorPopup.tsx';
export { FilterPanel } from './FilterPanel.tsx';
export { LoadFailure, type LoadFailureProps } from './LoadFailure.tsx';
export { CLOSE_QUESTION, Modal, ModalCloseButton, type ModalProps } from './Modal.tsx';
export { NumberInput, type NumberInputProps } from './NumberInput.tsx';
export { Page, type PageAction, PageCard, PageTitle } from './Page.tsx';
export * from './RowModal/index.ts';
export * from './Select/index.ts';
export { TabList, type TabListProps, tabPanelProps } from './TabList.tsx';
export { TextInput, type TextInputProps } from './TextInput.tsx';
export { ToggleSwitch, type ToggleSwitchProps } from './ToggleSwitch.tsx';
