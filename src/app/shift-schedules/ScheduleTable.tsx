import { useMemo } from 'react';
import { SCHEDULE_SLOT_MINUTES, type ScheduleShift } from '../../shared/shift-schedules.ts';
import { shiftRows, WEEKDAYS, weekdayTotals } from './schedule.ts';

/**
 * The schedule by weekday and shift: staff starting each shift on each day of the typical week. The box scrolls
 * sideways on a narrow screen and holds nothing focusable, so it is a tab stop itself (the arrows scroll it).
 */
export function ScheduleTable({ shifts }: { shifts: readonly ScheduleShift[] }) {
  const rows = useMemo(() => shiftRows(shifts), [shifts]);
  const totals = useMemo(() => weekdayTotals(rows), [rows]);
  if (rows.length === 0) return <p className="shift-schedule__note">Смены не назначены: потребности нет</p>;
  return (
    <section
      className="shift-schedule__table-box"
      aria-label="Таблица смен по дням недели"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that arrows scroll the table without a mouse
      tabIndex={0}
    >
      <p className="shift-schedule__note">
        Смена может начаться в начале любого {SCHEDULE_SLOT_MINUTES}-минутного интервала недели: из выбранных
        рабочих смен взяты длительность и перерыв.
      </p>
      <table className="shift-schedule__table shift-schedule__by-day" aria-label="Смены по дням недели">
        <thead>
          <tr>
            <th scope="col">Длительность</th>
            <th scope="col">Начало</th>
            <th scope="col">Конец</th>
            <th scope="col">Перерыв, мин</th>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
            <th scope="col">Всего</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" title={`Образец: ${row.name}`}>
                {row.label}
              </th>
              <td>{row.start}</td>
              <td>{row.end}</td>
              <td>{row.breakMinutes}</td>
              {row.counts.map((count, day) => (
                <td key={WEEKDAYS[day]} className={count === 0 ? 'shift-schedule__zero' : undefined}>
                  {count}
                </td>
              ))}
              <td>{row.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Итого выходов
            </th>
            {totals.map((count, day) => (
              <td key={WEEKDAYS[day]}>{count}</td>
            ))}
            <td>{totals.reduce((a, b) => a + b, 0)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
