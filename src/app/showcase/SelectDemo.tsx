import { useMemo, useState } from 'react';
import {
  MultiSelect,
  type OptionGroup,
  type OptionId,
  Page,
  PageCard,
  PageTitle,
  Select,
  type SelectOption,
} from '../../widgets/index.ts';

const AIRLINES: SelectOption[] = [
  { id: 1, name: 'Аэрофлот', subtitle: 'SU / AFL', group: 'ru' },
  { id: 2, name: 'Россия', subtitle: 'FV / SDM', group: 'ru' },
  { id: 3, name: 'Победа', subtitle: 'DP / PBD', group: 'ru' },
  { id: 4, name: 'S7 Airlines', subtitle: 'S7 / SBI', group: 'ru' },
  { id: 5, name: 'Уральские авиалинии', subtitle: 'U6 / SVR', group: 'ru' },
  { id: 6, name: 'Turkish Airlines', subtitle: 'TK / THY', group: 'foreign' },
  { id: 7, name: 'Emirates', subtitle: 'EK / UAE', group: 'foreign' },
  { id: 8, name: 'Lufthansa', subtitle: 'LH / DLH — рейсы приостановлены', group: 'foreign', disable: true },
];

const GROUPS: OptionGroup[] = [
  { key: 'ru', name: 'Российские', color: '#1472C5', required: true },
  { key: 'foreign', name: 'Иностранные', color: '#27AE60' },
];

const SURNAMES = ['Иванов', 'Петров', 'Сидоров', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Соколов'];
const NAMES = ['Алексей', 'Мария', 'Сергей', 'Ольга', 'Дмитрий', 'Анна', 'Игорь', 'Елена'];

function employees(count: number): SelectOption[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `${SURNAMES[index % SURNAMES.length]} ${NAMES[(index * 7) % NAMES.length]} №${index + 1}`,
    subtitle: `Табельный номер ${String(100000 + index)}`,
  }));
}

/**
 * What was chosen, as a user reads it: option names in list order, never ids.
 * `chosenNames(AIRLINES, [3, 1])` is 'Аэрофлот, Победа'; nothing chosen gives `none`.
 */
function chosenNames(
  options: readonly SelectOption[],
  ids: readonly OptionId[] | OptionId | null,
  none: string,
): string {
  const wanted = Array.isArray(ids) ? ids : ids === null ? [] : [ids];
  const names = options.filter((option) => wanted.includes(option.id)).map((option) => option.name);
  return names.length === 0 ? none : names.join(', ');
}

/** /react_app/select: required, grouped, searchable, multi and a virtualised 5,000-option list. */
export function SelectDemo() {
  const [airline, setAirline] = useState<OptionId | null>(null);
  const [grouped, setGrouped] = useState<OptionId | null>(null);
  const [many, setMany] = useState<OptionId[]>([]);
  const [employee, setEmployee] = useState<OptionId | null>(null);
  const [crew, setCrew] = useState<OptionId[]>([]);
  const staff = useMemo(() => employees(5000), []);
  return (
    <Page label="Выпадающие списки">
      <PageTitle title="Выпадающие списки" />
      <PageCard title="Одиночный выбор">
        <div className="showcase__grid">
          <div className="showcase__column">
            <Select
              label="Авиакомпания (обязательно)"
              options={AIRLINES}
              value={airline}
              onChange={setAirline}
              required
              searchable
            />
            <output aria-label="Выбранная авиакомпания">
              {chosenNames(AIRLINES, airline, 'не выбрана')}
            </output>
          </div>
          <div className="showcase__column">
            <Select
              label="Авиакомпания по группам"
              options={AIRLINES}
              groups={GROUPS}
              value={grouped}
              onChange={setGrouped}
              clearable
            />
            <output aria-label="Выбранная авиакомпания по группам">
              {chosenNames(AIRLINES, grouped, 'не выбрана')}
            </output>
          </div>
          <div className="showcase__column">
            <Select
              label="Сотрудник (5 000 строк)"
              options={staff}
              value={employee}
              onChange={setEmployee}
              searchable
            />
            <output aria-label="Выбранный сотрудник">{chosenNames(staff, employee, 'не выбран')}</output>
          </div>
        </div>
      </PageCard>
      <PageCard title="Множественный выбор">
        <MultiSelect
          label="Авиакомпании"
          options={AIRLINES}
          groups={GROUPS}
          value={many}
          onChange={(ids) => setMany(ids)}
          allWord="авиакомпании"
          searchable
          required
        />
        <output aria-label="Выбранные авиакомпании">{chosenNames(AIRLINES, many, 'ничего')}</output>
        <MultiSelect
          label="Сотрудники (5 000 строк)"
          options={staff}
          value={crew}
          onChange={(ids) => setCrew(ids)}
          allWord="сотрудники"
          searchable
        />
        <output aria-label="Выбранные сотрудники">
          {crew.length === 0 ? 'никто' : `выбрано: ${crew.length}`}
        </output>
      </PageCard>
    </Page>
  );
}
