// biome-ignore-all lint/a11y/useSemanticElements: a virtualised list is absolutely positioned divs, so it is built from ARIA roles
import { useEffect, useState } from 'react';
import { List, type RowComponentProps } from 'react-window';
import { TextInput } from '../../widgets/index.ts';
import { parseApiError } from '../api/errors.ts';
import type { TeamCandidate } from './api.ts';
import { loadPickerRows, type PickerJudge, type PickerRow } from './candidates.ts';

const ROW_HEIGHT = 40;
const SEARCH_DELAY_MS = 250;

interface RowProps {
  rows: PickerRow[];
  chosen: readonly number[];
  onToggle: (candidate: TeamCandidate) => void;
}

function CandidateRow({ index, style, rows, chosen, onToggle }: RowComponentProps<RowProps>) {
  const { candidate, accessible, reasons } = rows[index];
  const status = accessible ? 'доступен' : reasons.join('; ') || 'недоступен';
  // Busy with tasks of his own, a member cannot take the team's flights at those times.
  const tasks = candidate.tasks_in_period ? ` · задач в период: ${candidate.tasks_in_period}` : '';
  return (
    <div role="listitem" style={style} className="team-planning__candidate">
      <label>
        <input type="checkbox" checked={chosen.includes(candidate.id)} onChange={() => onToggle(candidate)} />
        <span className="team-planning__candidate-name">{candidate.name}</span>
        <span className="team-planning__candidate-position">{candidate.employeePosition.name}</span>
        <span className={accessible ? 'team-planning__candidate-free' : 'team-planning__candidate-busy'}>
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
  /** The team's department: only its employees are offered (null: not chosen yet, everyone). */
  departmentId: number | null;
  /** What the save that follows checks: a rule row's accesses as edited, or the saved team's rules and members. */
  judge: PickerJudge;
  chosen: readonly number[];
  onToggle: (candidate: TeamCandidate) => void;
  label: string;
}

/**
 * The employee selection list (spec 2): employees of the department and positions, searched by name, virtualised,
 * each with whether he may join the team as the save will judge it and why not (candidates.ts); those who may first.
 */
export function EmployeePicker({
  period,
  positionIds,
  teamId,
  departmentId,
  judge,
  chosen,
  onToggle,
  label,
}: EmployeePickerProps) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<PickerRow[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const positionKey = positionIds.join(',');
  // The judge comes anew with each render of the form; its content is what matters.
  const judgeKey = JSON.stringify(judge);
  const { begin, end } = period;
  useEffect(() => {
    if (!begin || !end) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const positions = positionKey ? positionKey.split(',').map(Number) : [];
        const filter = { period: { begin, end }, positionIds: positions, name, teamId, departmentId };
        const found = await loadPickerRows(filter, JSON.parse(judgeKey) as PickerJudge, controller.signal);
        setRows(found);
        setMessage(null);
      } catch (error) {
        if (!controller.signal.aborted) setMessage(parseApiError(error).message);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [begin, end, positionKey, name, teamId, departmentId, judgeKey]);

  return (
    <div className="team-planning__picker">
      <TextInput label="Поиск сотрудника" type="search" value={name} onChange={setName} placeholder="ФИО" />
      {message ? (
        <p role="alert" className="team-planning__error">
          {message}
        </p>
      ) : rows === null ? (
        <p className="team-planning__note">
          {begin && end ? 'Загрузка сотрудников…' : 'Укажите период бригады'}
        </p>
      ) : rows.length === 0 ? (
        <p className="team-planning__note">Сотрудники не найдены</p>
      ) : (
        <List
          role="list"
          aria-label={label}
          rowComponent={CandidateRow}
          rowProps={{ rows, chosen, onToggle }}
          rowCount={rows.length}
          rowHeight={ROW_HEIGHT}
          overscanCount={6}
          style={{ height: Math.min(240, rows.length * ROW_HEIGHT) }}
        />
      )}
    </div>
  );
}
