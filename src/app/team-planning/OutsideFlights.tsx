import { useEffect, useState } from 'react';
import { parseApiError } from '../api/errors.ts';
import { type BoardFilters, loadFlightsOutsideTeam } from './api.ts';
import { clockOf } from './board.ts';

type Answer = Awaited<ReturnType<typeof loadFlightsOutsideTeam>>;

/** The flights-outside-team view: per team, the flights its members work on that are not linked to it. */
export function OutsideFlights({
  filters,
  teamIds,
  version,
}: {
  filters: BoardFilters;
  teamIds: number[];
  version: number;
}) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const key = JSON.stringify([
    filters.begin,
    filters.end,
    filters.departmentIds,
    filters.positionIds,
    teamIds,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the query (its key) or the board changes
  useEffect(() => {
    let current = true;
    setMessage(null);
    loadFlightsOutsideTeam(filters, teamIds).then(
      (next) => current && setAnswer(next),
      (error) => current && setMessage(parseApiError(error).message),
    );
    return () => {
      current = false;
    };
  }, [key, version]);
  if (message)
    return (
      <p role="alert" className="team-planning__error">
        {message}
      </p>
    );
  if (!answer) return <p className="team-planning__note">Загрузка…</p>;
  const withFlights = answer.filter((team) => team.flights.length > 0);
  if (withFlights.length === 0)
    return <p className="team-planning__note">Сотрудники бригад не работают на чужих рейсах</p>;
  return (
    <ul className="team-planning__outside" aria-label="Рейсы вне бригады">
      {withFlights.map((team) => (
        <li key={team.id}>
          <strong>{team.name}:</strong>{' '}
          {team.flights
            .map(
              (flight) =>
                `${flight.flight_number} ${clockOf(flight.begin_datetime)}–${clockOf(flight.end_datetime)}`,
            )
            .join('; ')}
        </li>
      ))}
    </ul>
  );
}
