export { MultiSelect, type MultiSelectProps } from './MultiSelect.tsx';
export type { OptionGroup, SelectOption } from './options.ts';
export { type OptionId, Select, type SelectProps } from './Select.tsx';
