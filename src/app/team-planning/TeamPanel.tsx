import { useEffect, useMemo, useState } from 'react';
import { parseApiError } from '../api/errors.ts';
import { loadTeamEmployeesWithTasks, type TeamWithFlights } from './api.ts';
import { clockOf, spanOf, tasksInPeriod } from './board.ts';

type Answer = Awaited<ReturnType<typeof loadTeamEmployeesWithTasks>>;

export interface TeamPanelProps {
  team: TeamWithFlights;
  /** The board's period: tasks outside it are not shown. */
  period: { begin: string; end: string };
  /** Bumped with each board: the panel asks again. */
  version: number;
  canEdit: boolean;
  onEdit: () => void;
  onAddEmployee: () => void;
  onReplace: (employee: { id: number; name: string }) => void;
  onRemoveEmployee: (employee: { id: number; name: string }) => void;
  onDelete: () => void;
  onClose: () => void;
}

const taskLine = (task: Answer['employees'][number]['tasks'][number]) =>
  `${clockOf(task.begin)}–${clockOf(task.end)} ${task.job.name}${task.conflict === 1 ? ' (пересечение)' : ''}`;

/** The chosen team: its members with their tasks on its flights, the tasks lacking staff and those done by others. */
export function TeamPanel(props: TeamPanelProps) {
  const { team, period, version, canEdit } = props;
  const [loaded, setLoaded] = useState<Answer | null>(null);
  const answer = useMemo(() => loaded && tasksInPeriod(loaded, period), [loaded, period]);
  const [message, setMessage] = useState<string | null>(null);
  const aids = team.flights.map((flight) => flight.aid ?? 0).filter((aid) => aid > 0);
  const aidKey = aids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again after each board; aids by their key
  useEffect(() => {
    let current = true;
    setMessage(null);
    loadTeamEmployeesWithTasks(team.id, aidKey ? aidKey.split(',').map(Number) : []).then(
      (next) => current && setLoaded(next),
      (error) => current && setMessage(parseApiError(error).message),
    );
    return () => {
      current = false;
    };
  }, [team.id, aidKey, version]);

  return (
    <section className="team-planning__panel" aria-label={`Бригада ${team.name}`}>
      <header className="team-planning__panel-head">
        <h2>
          {team.name} · {team.teamStatus.name} · {team.department.name} ·{' '}
          {spanOf(team.begin_datetime, team.end_datetime)}
        </h2>
        <div className="team-planning__panel-actions">
          {canEdit ? (
            <>
              <button type="button" className="w-button w-button--secondary" onClick={props.onEdit}>
                Изменить бригаду
              </button>
              <button type="button" className="w-button w-button--secondary" onClick={props.onAddEmployee}>
                Добавить сотрудников
              </button>
              <button type="button" className="w-button w-button--danger" onClick={props.onDelete}>
                Удалить бригаду
              </button>
            </>
          ) : null}
          <button type="button" className="w-button w-button--secondary" onClick={props.onClose}>
            Закрыть
          </button>
        </div>
      </header>
      {message ? (
        <p role="alert" className="team-planning__error">
          {message}
        </p>
      ) : !answer ? (
        <p className="team-planning__note">Загрузка сотрудников…</p>
      ) : (
        <div className="team-planning__panel-body">
          <table className="team-planning__employees">
            <caption>Сотрудники и задачи</caption>
            <thead>
              <tr>
                <th scope="col">Сотрудник</th>
                <th scope="col">Должность</th>
                <th scope="col">Задачи</th>
                {canEdit ? <th scope="col">Действия</th> : null}
              </tr>
            </thead>
            <tbody>
              {answer.employees.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.employee.name}
                    {member.is_main_employee ? ' (основной)' : ''}
                  </td>
                  <td>{member.employeePosition.name}</td>
                  <td>{member.tasks.length === 0 ? '—' : member.tasks.map(taskLine).join('; ')}</td>
                  {canEdit ? (
                    <td>
                      <button
                        type="button"
                        className="w-button w-button--secondary"
                        onClick={() => props.onReplace(member.employee)}
                      >
                        Заменить
                      </button>
                      <button
                        type="button"
                        className="w-button w-button--secondary"
                        onClick={() => props.onRemoveEmployee(member.employee)}
                      >
                        Исключить
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          {answer.tasksWithoutEmployee.length > 0 ? (
            <div>
              <h3>Задачи без исполнителя</h3>
              <ul>
                {answer.tasksWithoutEmployee.map((task) => (
                  <li key={task.task_id}>
                    {taskLine(task)}:{' '}
                    {task.positions.map((p) => `${p.name} — не хватает ${p.missing}`).join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {answer.outsideTheTeam.length > 0 ? (
            <div>
              <h3>Задачи у сотрудников вне бригады</h3>
              <ul>
                {answer.outsideTheTeam.map((task) => (
                  <li key={`${task.task_id}:${task.employee.id}`}>
                    {taskLine(task)}: {task.employee.name} ({task.position.name})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
