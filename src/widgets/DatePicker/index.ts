export { DatePicker, type DatePickerProps } from './DatePicker.tsx';
export { type DateRange, DateRangePicker, type DateRangePickerProps } from './DateRangePicker.tsx';
