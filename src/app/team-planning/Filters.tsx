import { TEAM_SCALES, type TeamPlanningFilters } from '../../machines/teamPlanningFilters.ts';
import { MAX_PERIOD_DAYS } from '../../shared/dates.ts';
import { DateRangePicker, MultiSelect, type OptionId, Select, ToggleSwitch } from '../../widgets/index.ts';
import type { TeamReference } from './api.ts';

const numbers = (ids: OptionId[]) => ids.map(Number);
/** The picker speaks 'YYYY-MM-DD HH:mm', the API 'YYYY-MM-DD HH:mm:ss'. */
const toPicker = (wall: string) => wall.slice(0, 16);
const fromPicker = (stamp: string) => `${stamp.slice(0, 16)}:00`;
const SCALE_OPTIONS = TEAM_SCALES.map((minutes) => ({ id: minutes, name: `${minutes} мин` }));
/** Spec 9: flight types. */
const FLIGHT_TYPES = [
  { id: 1, name: 'Внутренний' },
  { id: 2, name: 'Международный' },
];

export interface FiltersProps {
  reference: TeamReference | null;
  filters: TeamPlanningFilters;
  onChange: (patch: Partial<TeamPlanningFilters>) => void;
}

/** The board's filters (spec 2, 4): period, team status, department, position, flight type, conflicts only, scale. */
export function Filters({ reference, filters, onChange }: FiltersProps) {
  const positions = (reference?.positions ?? []).filter(
    (position) =>
      filters.departmentIds.length === 0 || filters.departmentIds.includes(position.department_id),
  );
  return (
    <form className="w-filters" aria-label="Фильтры" onSubmit={(event) => event.preventDefault()}>
      <DateRangePicker
        label="Период"
        withTime
        limitDays={MAX_PERIOD_DAYS}
        value={{ from: toPicker(filters.begin), to: toPicker(filters.end) }}
        onChange={(range) => onChange({ begin: fromPicker(range.from), end: fromPicker(range.to) })}
      />
      <MultiSelect
        label="Статус бригады"
        allWord="статусы"
        options={reference?.statuses ?? []}
        value={filters.statusIds}
        onChange={(ids) => onChange({ statusIds: numbers(ids) })}
      />
      <MultiSelect
        label="Подразделение"
        allWord="подразделения"
        options={reference?.departments ?? []}
        value={filters.departmentIds}
        searchable
        onChange={(ids) => onChange({ departmentIds: numbers(ids), positionIds: [] })}
      />
      <MultiSelect
        label="Должность"
        allWord="должности"
        options={positions}
        value={filters.positionIds}
        searchable
        onChange={(ids) => onChange({ positionIds: numbers(ids) })}
      />
      <Select
        label="Тип рейса"
        options={FLIGHT_TYPES}
        value={filters.flightType}
        clearable
        placeholder="Все типы"
        onChange={(id) => onChange({ flightType: id === null ? null : Number(id) })}
      />
      <Select
        label="Масштаб"
        options={SCALE_OPTIONS}
        value={TEAM_SCALES.includes(filters.scale as (typeof TEAM_SCALES)[number]) ? filters.scale : null}
        placeholder={`${Math.round(filters.scale)} мин`}
        onChange={(id) => id !== null && onChange({ scale: Number(id) })}
      />
      <ToggleSwitch
        label="Только конфликты"
        checked={filters.conflict}
        onChange={(conflict) => onChange({ conflict })}
      />
    </form>
  );
}
