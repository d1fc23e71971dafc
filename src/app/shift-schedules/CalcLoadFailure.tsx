import { Link } from 'react-router';
import { LoadFailure, PageCard } from '../../widgets/index.ts';

/**
 * A saved calculation's page that could not be read: the server's text with «Повторить», or, when the calculation
 * does not exist (deleted, or a wrong link), a way back to the list instead of a retry that cannot succeed.
 */
export function CalcLoadFailure({
  message,
  gone,
  onRetry,
}: {
  message: string | null;
  gone: boolean;
  onRetry: () => void;
}) {
  return (
    <PageCard>
      <LoadFailure message={message ?? ''} onRetry={gone ? undefined : onRetry} />
      {gone ? (
        <Link className="w-button w-button--secondary" to="/planning-calc-history">
          К сохранённым расчётам
        </Link>
      ) : null}
    </PageCard>
  );
}
