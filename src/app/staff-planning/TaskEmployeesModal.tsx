import { useEffect, useState } from 'react';
import type { TaskEmployeeInfo } from '../../shared/planning-demand.ts';
import { Modal } from '../../widgets/index.ts';
import { loadTaskEmployees } from './api.ts';
import { formatApiSpan } from './format.ts';

type Load = { state: 'loading' } | { state: 'done'; info: TaskEmployeeInfo } | { state: 'failed' };

/** 'Сотрудники задачи': who is assigned to the task against the staff each position needs. */
export function TaskEmployeesModal({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    loadTaskEmployees(taskId, controller.signal).then(
      (info) => setLoad({ state: 'done', info }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [taskId]);
  const info = load.state === 'done' ? load.info : null;
  return (
    <Modal
      open
      title={
        info ? `Сотрудники задачи: ${info.task.name}, рейс ${info.task.flightNumber}` : 'Сотрудники задачи'
      }
      onClose={onClose}
      footer={
        <button type="button" className="w-button w-button--secondary" onClick={onClose}>
          Закрыть
        </button>
      }
    >
      {load.state === 'loading' ? <p className="staff-planning__note">Загрузка…</p> : null}
      {load.state === 'failed' ? (
        <p className="staff-planning__note">Не удалось загрузить сотрудников задачи</p>
      ) : null}
      {info ? (
        <>
          <p className="staff-planning__note">{formatApiSpan(info.task.begin, info.task.end)}</p>
          <table className="staff-planning__table">
            <caption>Должности</caption>
            <thead>
              <tr>
                <th scope="col">Должность</th>
                <th scope="col">Нужно</th>
                <th scope="col">Назначено</th>
              </tr>
            </thead>
            <tbody>
              {info.positions.map((p) => (
                <tr key={p.id} className={p.assigned < p.needed ? 'is-short' : undefined}>
                  <td>{p.name}</td>
                  <td>{p.needed}</td>
                  <td>{p.assigned}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {info.employees.length === 0 ? (
            <p className="staff-planning__note">Сотрудники не назначены</p>
          ) : (
            <table className="staff-planning__table">
              <caption>Назначенные сотрудники</caption>
              <thead>
                <tr>
                  <th scope="col">ФИО</th>
                  <th scope="col">Должность</th>
                  <th scope="col">Смена</th>
                </tr>
              </thead>
              <tbody>
                {info.employees.map((e) => (
                  <tr key={e.id}>
                    <td>{e.fio}</td>
                    <td>{e.position}</td>
                    <td>{e.shift ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </Modal>
  );
}
