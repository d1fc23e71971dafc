import type { StaffPlanningFilters } from '../../machines/staffPlanningFilters.ts';
import { MAX_PERIOD_DAYS } from '../../shared/dates.ts';
import {
  DateRangePicker,
  FilterPanel,
  MultiSelect,
  type OptionId,
  Select,
  type SelectOption,
} from '../../widgets/index.ts';
import type { PlanningLists, PlanningReferenceLists } from './api.ts';
import { filtersSummary } from './format.ts';

export interface FiltersProps {
  reference: PlanningReferenceLists;
  lists: PlanningLists;
  filters: StaffPlanningFilters;
  onChange: (patch: Partial<StaffPlanningFilters>) => void;
  onReset: () => void;
}

const numbers = (ids: OptionId[]) => ids.map(Number);

/** The filter panel of spec 2 ("Staff planning by flights"); every change goes to the machine at once. */
export function Filters({ reference, lists, filters, onChange, onReset }: FiltersProps) {
  const { params } = reference;
  const multi = (
    label: string,
    allWord: string,
    options: readonly SelectOption[],
    key:
      | 'flightSchedule'
      | 'flightStatus'
      | 'flightType'
      | 'flightClass'
      | 'positions'
      | 'jobs'
      | 'resourceTypes'
      | 'workingShifts',
    searchable = false,
  ) => (
    <MultiSelect
      label={label}
      allWord={allWord}
      options={options}
      value={filters[key]}
      searchable={searchable}
      onChange={(ids) => onChange({ [key]: numbers(ids) })}
    />
  );
  return (
    <FilterPanel storageKey="staffPlanning.filtersFolded" summary={filtersSummary(filters, reference)}>
      <form className="w-filters" aria-label="Фильтры" onSubmit={(event) => event.preventDefault()}>
        <DateRangePicker
          label="Период"
          withTime
          limitDays={MAX_PERIOD_DAYS}
          value={filters.range}
          onChange={(range) => onChange({ range })}
        />
        {multi('Вид расписания', 'виды', params.flight_schedule, 'flightSchedule')}
        {multi('Статусы заявок', 'статусы', params.flight_status, 'flightStatus', true)}
        {multi('Тип рейса', 'типы', params.flight_type, 'flightType')}
        {multi('Класс рейса', 'классы', params.flight_class, 'flightClass')}
        <Select
          label="Подразделение"
          options={reference.departments}
          value={filters.departmentId}
          clearable
          searchable
          placeholder="Все подразделения"
          onChange={(id) => onChange({ departmentId: id === null ? null : Number(id) })}
        />
        {multi('Должности', 'должности', lists.positions, 'positions', true)}
        {multi('Работы', 'работы', lists.jobs, 'jobs', true)}
        {multi('Типы ресурсов', 'типы ресурсов', reference.resourceTypes, 'resourceTypes', true)}
        {multi('Рабочие смены', 'смены', lists.workingShifts, 'workingShifts')}
        <Select
          label="Масштаб"
          options={reference.scales.map((s) => ({ id: s.period, name: s.name }))}
          value={filters.scale}
          required
          onChange={(id) => id !== null && onChange({ scale: Number(id) })}
        />
        <Select
          label="Вид периода"
          options={params.flight_period_type}
          value={filters.periodType}
          required
          onChange={(id) => id !== null && onChange({ periodType: Number(id) })}
        />
        <fieldset className="staff-planning__switch">
          <legend>Тип параметра</legend>
          <label>
            <input
              type="radio"
              name="parameter-type"
              checked={filters.parameterType === 1}
              onChange={() => onChange({ parameterType: 1 })}
            />
            Сотрудники
          </label>
          <label>
            <input
              type="radio"
              name="parameter-type"
              checked={filters.parameterType === 2}
              onChange={() => onChange({ parameterType: 2 })}
            />
            Ресурсы
          </label>
        </fieldset>
        <div className="staff-planning__reset">
          <button type="button" className="w-button w-button--secondary" onClick={onReset}>
            Сбросить фильтры
          </button>
        </div>
      </form>
    </FilterPanel>
  );
}
