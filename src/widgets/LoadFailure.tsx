export interface LoadFailureProps {
  /** The server's text, or nothing (the widget then draws nothing). */
  message: string | null | undefined;
  /** Shown as «Повторить» when the failure left the screen without data to work on. */
  onRetry?: () => void;
  className?: string;
}

/** A screen's failure line: the server's text in an alert region and, when loading failed, a retry button. */
export function LoadFailure({ message, onRetry, className }: LoadFailureProps) {
  if (!message) return null;
  return (
    <div role="alert" className={className}>
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="w-button w-button--secondary" onClick={onRetry}>
          Повторить
        </button>
      ) : null}
    </div>
  );
}
