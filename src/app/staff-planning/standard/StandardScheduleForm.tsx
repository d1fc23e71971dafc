import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { hasUnsavedForm } from '../../../machines/rowModalTypes.ts';
import type { StaffPlanningFilters } from '../../../machines/staffPlanningFilters.ts';
import {
  type LimitedField,
  type ListField,
  type StandardScheduleDefaults,
  standardScheduleMachine,
} from '../../../machines/standardSchedule.ts';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import type { ShiftScheduleResult } from '../../../shared/shift-schedules.ts';
import {
  DateRangePicker,
  Modal,
  ModalCloseButton,
  MultiSelect,
  type SelectOption,
  TextInput,
} from '../../../widgets/index.ts';
import { fieldMessage } from '../../api/errors.ts';
import { coverSummary, hoursText, solveText, statusText } from '../../shift-schedules/schedule.ts';
import type { PlanningLists, PlanningReferenceLists } from '../api.ts';
import { WholeInput } from '../WholeInput.tsx';
import './standard.css';

export interface StandardScheduleProps {
  reference: PlanningReferenceLists;
  lists: PlanningLists;
  filters: StaffPlanningFilters;
}

/** Each limited field's label and what the server takes when it is empty (1 repeat, 0 %). */
const LIMIT_LABELS: [LimitedField, string, string][] = [
  ['interval_repeat_in_period', 'Повторений в периоде, недель', '1'],
  ['deviation_in_period', 'Отклонение в периоде, %', '0'],
  ['interval_repeat_in_week', 'Повторений в неделе, дней', '1'],
  ['deviation_in_week', 'Отклонение в неделе, %', '0'],
];

/** The defaults of the form: the screen's period and filters (spec 9 defaults live there). */
function defaultsOf(filters: StaffPlanningFilters): StandardScheduleDefaults {
  return {
    range: filters.range,
    positions: filters.positions,
    flightSchedule: filters.flightSchedule,
    flightStatus: filters.flightStatus,
    flightType: filters.flightType,
    workingShifts: filters.workingShifts,
  };
}

/** What the preview found per position: status, staff-hours, shortage, solve time. */
function PreviewTable({ preview }: { preview: ShiftScheduleResult }) {
  return (
    <table className="standard-schedule__preview" aria-label="Предпросмотр графика">
      <thead>
        <tr>
          <th scope="col">Должность</th>
          <th scope="col">Статус</th>
          <th scope="col">Человеко-часы в неделю</th>
          <th scope="col">Смен</th>
          <th scope="col">Нехватка</th>
          <th scope="col">Время</th>
        </tr>
      </thead>
      <tbody>
        {preview.positions.map((position) => {
          const summary = coverSummary(position.demand, position.cover);
          return (
            <tr key={position.employee_position_id}>
              <td>{position.name}</td>
              <td>{statusText(position)}</td>
              <td>{hoursText(position.staff_hours)}</td>
              <td>{position.shifts.reduce((sum, shift) => sum + shift.count, 0)}</td>
              <td>{summary.shortSlots === 0 ? 'нет' : `до ${summary.maxShort} чел.`}</td>
              <td>{solveText(position.solve_ms)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The toolbar button 'Стандартный график' and its form (spec 3, 4, 5, 7; issue 15): every input of the standard
 * schedule, 'Предпросмотр' and 'Создать'; creating opens /shift-schedules/{id}.
 */
export function StandardSchedule({ reference, lists, filters }: StandardScheduleProps) {
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      standardScheduleMachine.provide({
        actions: { openSchedule: (_, id: number) => void navigate(`/shift-schedules/${id}`) },
      }),
    [navigate],
  );
  const actor = useActorRef(logic);
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const creating = useSelector(actor, (s) => s.hasTag('creating'));
  const previewing = useSelector(actor, (s) => s.hasTag('previewing'));
  const loadingShifts = useSelector(actor, (s) => s.hasTag('loadingShifts'));
  const shiftsFailed = useSelector(actor, (s) => s.matches({ open: { shifts: 'failed' } }));
  const { form, errors, message, workingShifts, preview } = useSelector(actor, (s) => s.context);
  const dirty = useSelector(actor, (s) => s.hasTag('open') && hasUnsavedForm(s.context));
  const { params } = reference;
  const shiftOptions = useMemo<SelectOption[]>(
    () =>
      workingShifts.map((shift) => ({
        id: shift.id,
        name: shift.name,
        subtitle: `${shift.begin_time}, ${shift.duration / 60} ч, перерыв ${shift.break} мин`,
      })),
    [workingShifts],
  );
  const error = (field: string) => fieldMessage(errors, field);
  const list = (
    label: string,
    allWord: string,
    options: readonly SelectOption[],
    field: ListField,
    wire: string,
  ) => (
    <MultiSelect
      label={label}
      allWord={allWord}
      options={options}
      value={form[field]}
      searchable={options.length > 8}
      disabled={creating}
      error={error(wire)}
      onChange={(ids) => actor.send({ type: 'LIST.SET', field, ids: ids.map(Number) })}
    />
  );

  return (
    <>
      <button
        type="button"
        className="w-button w-button--secondary"
        onClick={() => actor.send({ type: 'FORM.OPEN', defaults: defaultsOf(filters) })}
      >
        Стандартный график
      </button>
      <Modal
        open={open}
        title="Стандартный график сменности"
        width={760}
        disabled={creating}
        dirty={dirty}
        onClose={() => actor.send({ type: 'FORM.CLOSE' })}
        footer={
          <>
            <ModalCloseButton disabled={creating}>Отмена</ModalCloseButton>
            <button
              type="button"
              className="w-button w-button--secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'FORM.PREVIEW' })}
            >
              {previewing ? 'Расчёт…' : 'Предпросмотр'}
            </button>
            <button
              type="button"
              className="w-button"
              disabled={busy}
              onClick={() => actor.send({ type: 'FORM.SUBMIT' })}
            >
              {creating ? 'Создание…' : 'Создать'}
            </button>
          </>
        }
      >
        <form
          className="standard-schedule"
          aria-label="Параметры стандартного графика"
          aria-busy={busy}
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="standard-schedule__wide">
            <DateRangePicker
              label="Период"
              withTime
              limitDays={MAX_PERIOD_DAYS}
              value={form.range}
              disabled={creating}
              onChange={(range) => actor.send({ type: 'RANGE.SET', range })}
            />
            {error('begin') ? (
              <span className="w-field__error" role="alert">
                {error('begin')}
              </span>
            ) : null}
          </div>
          {LIMIT_LABELS.map(([field, label, empty]) => (
            // Only whole numbers can be typed (spec 5); the schema's messages judge their size.
            <WholeInput
              key={field}
              label={label}
              value={form[field]}
              disabled={creating}
              placeholder={empty}
              error={error(field)}
              onChange={(value) => actor.send({ type: 'LIMIT.SET', field, value })}
            />
          ))}
          {list('Должности', 'должности', lists.positions, 'positions', 'employee_position_ids')}
          {list('Вид расписания', 'виды', params.flight_schedule, 'flightSchedule', 'flight_schedule')}
          {list('Статусы заявок', 'статусы', params.flight_status, 'flightStatus', 'flight_status')}
          {list('Тип рейса', 'типы', params.flight_type, 'flightType', 'flight_type')}
          <div>
            {list('Рабочие смены', 'смены', shiftOptions, 'workingShifts', 'working_shift')}
            {loadingShifts ? <p className="standard-schedule__note">Загрузка смен…</p> : null}
            {shiftsFailed ? (
              <p className="standard-schedule__note" role="alert">
                Не удалось загрузить смены.{' '}
                <button
                  type="button"
                  className="w-button w-button--secondary"
                  onClick={() => actor.send({ type: 'SHIFTS.RETRY' })}
                >
                  Повторить
                </button>
              </p>
            ) : null}
          </div>
          <TextInput
            label="Название расчёта"
            value={form.name}
            disabled={creating}
            placeholder="График сменности на период"
            error={error('name')}
            onChange={(name) => actor.send({ type: 'NAME.SET', name })}
          />
          {message ? (
            <p className="standard-schedule__message standard-schedule__wide" role="alert">
              {message}
            </p>
          ) : null}
          {busy ? (
            <p className="standard-schedule__note standard-schedule__wide" role="status">
              {creating ? 'Расчёт и сохранение графика…' : 'Расчёт графика…'}
            </p>
          ) : null}
          {preview ? (
            <div className="standard-schedule__wide">
              <PreviewTable preview={preview} />
            </div>
          ) : null}
        </form>
      </Modal>
    </>
  );
}
