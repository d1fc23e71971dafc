import { TextInput, type TextInputProps } from '../../widgets/index.ts';

/**
 * Whether a keystroke result may stay in a whole-number field: digits only, at most nine (spec 5: whole numbers or
 * empty). Example: `isWholeDraft('12')` is true; `isWholeDraft('2,5')` and `isWholeDraft('-1')` are false.
 */
function isWholeDraft(text: string): boolean {
  return /^\d{0,9}$/.test(text.trim());
}

/**
 * A text input of the staff-planning forms that takes only digits as typed, so a decimal, a sign or a letter never
 * reaches the value; its owner judges the size (`scheduleFieldError`) and shows the server's message as `error`.
 */
export function WholeInput({ onChange, ...props }: Omit<TextInputProps, 'type'>) {
  return (
    <TextInput
      {...props}
      onChange={(value) => {
        if (isWholeDraft(value)) onChange(value);
      }}
    />
  );
}
