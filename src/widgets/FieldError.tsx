/** The message under a field (spec 8: required, server `fields`); nothing when there is none. */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="w-field__error" role="alert">
      {message}
    </span>
  );
}
