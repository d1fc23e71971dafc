// biome-ignore-all lint/a11y/useSemanticElements: a virtualised list is absolutely positioned divs, so it is built from ARIA roles
import { useEffect, useState } from 'react';
import { List, type RowComponentProps } from 'react-window';
import { TextInput } from '../../widgets/index.ts';
import { parseApiError } from '../api/errors.ts';
import { type Accessibility, checkAccessible, loadCandidates, type TeamCandidate } from './api.ts';

const ROW_HEIGHT = 40;
/** check-employee-accessible is asked for at most this many of the listed employees at once. */
const CHECK_LIMIT = 500;
const SEARCH_DELAY_MS = 250;

interface RowProps {
  candidates: TeamCandidate[];
  access: Map<number, Accessibility>;
  chosen: readonly number[];
  onToggle: (candidate: TeamCandidate) => void;
}

function CandidateRow({ index, style, candidates, access, chosen, onToggle }: RowComponentProps<RowProps>) {
  const candidate = candidates[index];
  const verdict = access.get(candidate.id);
  const accessible = verdict ? verdict.is_accessible : candidate.is_accessible;
  const status =
    accessible === undefined
      ? 'проверка…'
      : accessible
        ? 'доступен'
        : verdict?.reasons.join('; ') || 'недоступен';
  // Busy with tasks of his own, a member cannot take the team's flights at those times.
  const tasks = candidate.tasks_in_period ? ` · задач в период: ${candidate.tasks_in_period}` : '';
  return (
    <div role="listitem" style={style} className="team-planning__candidate">
      <label>
        <input type="checkbox" checked={chosen.includes(candidate.id)} onChange={() => onToggle(candidate)} />
        <span className="team-planning__candidate-name">{candidate.name}</span>
        <span className="team-planning__candidate-position">{candidate.employeePosition.name}</span>
        <span
          className={accessible === false ? 'team-planning__candidate-busy' : 'team-planning__candidate-free'}
        >
          {status}
          {tasks}
        </span>
      </label>
    </div>
  );
}

export interface EmployeePickerProps {
  period: { begin: string; end: string };
  positionIds: number[];
  teamId: number | null;
  chosen: readonly number[];
  onToggle: (candidate: TeamCandidate) => void;
  label: string;
}

/**
 * The employee selection list (spec 2): employees of the positions, searched by name, virtualised, each with
 * whether he may join a team of the period (check-employee-accessible) and why not; those who may come first.
 */
export function EmployeePicker({
  period,
  positionIds,
  teamId,
  chosen,
  onToggle,
  label,
}: EmployeePickerProps) {
  const [name, setName] = useState('');
  const [candidates, setCandidates] = useState<TeamCandidate[] | null>(null);
  const [access, setAccess] = useState(new Map<number, Accessibility>());
  const [message, setMessage] = useState<string | null>(null);
  const positionKey = positionIds.join(',');
  const { begin, end } = period;
  useEffect(() => {
    if (!begin || !end) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const positions = positionKey ? positionKey.split(',').map(Number) : [];
        const found = await loadCandidates({ begin, end }, positions, name, teamId, controller.signal);
        setCandidates(found);
        setMessage(null);
        const ids = found.slice(0, CHECK_LIMIT).map((candidate) => candidate.id);
        if (ids.length === 0) return;
        const verdicts = await checkAccessible({ begin, end }, ids, teamId, controller.signal);
        const byId = new Map(verdicts.map((verdict) => [verdict.employee_id, verdict]));
        setAccess(byId);
        // Those who may join come first: a busy crew does not push the free people out of sight.
        const rank = (candidate: TeamCandidate) => (byId.get(candidate.id)?.is_accessible === false ? 1 : 0);
        setCandidates([...found].sort((a, b) => rank(a) - rank(b)));
      } catch (error) {
        if (!controller.signal.aborted) setMessage(parseApiError(error).message);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [begin, end, positionKey, name, teamId]);

  return (
    <div className="team-planning__picker">
      <TextInput label="Поиск сотрудника" type="search" value={name} onChange={setName} placeholder="ФИО" />
      {message ? (
        <p role="alert" className="team-planning__error">
          {message}
        </p>
      ) : candidates === null ? (
        <p className="team-planning__note">
          {begin && end ? 'Загрузка сотрудников…' : 'Укажите период бригады'}
        </p>
      ) : candidates.length === 0 ? (
        <p className="team-planning__note">Сотрудники не найдены</p>
      ) : (
        <List
          role="list"
          aria-label={label}
          rowComponent={CandidateRow}
          rowProps={{ candidates, access, chosen, onToggle }}
          rowCount={candidates.length}
          rowHeight={ROW_HEIGHT}
          overscanCount={6}
          style={{ height: Math.min(240, candidates.length * ROW_HEIGHT) }}
        />
      )}
    </div>
  );
}
