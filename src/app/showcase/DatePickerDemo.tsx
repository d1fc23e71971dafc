import { useState } from 'react';
import { formatRange, formatStamp } from '../../shared/dates.ts';
import {
  DatePicker,
  type DateRange,
  DateRangePicker,
  Page,
  PageCard,
  PageTitle,
} from '../../widgets/index.ts';

/** A chosen range as the picker's own field shows it (spec 9 display formats), or 'сегодня' before a choice. */
function rangeText(range: DateRange | undefined, withTime: boolean): string {
  return range ? formatRange(range.from, range.to, withTime) : 'сегодня';
}

/** /react_app/date-picker: single and range pickers with and without time and a limit; values read DD.MM.YYYY. */
export function DatePickerDemo() {
  const [date, setDate] = useState<string | null>(null);
  const [dateTime, setDateTime] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange | undefined>(undefined);
  const [rangeTime, setRangeTime] = useState<DateRange | undefined>(undefined);
  const [limited, setLimited] = useState<DateRange | undefined>(undefined);
  return (
    <Page label="Выбор даты">
      <PageTitle title="Выбор даты и периода" />
      <PageCard title="Одна дата">
        <div className="showcase__row">
          <DatePicker label="Дата" value={date} onChange={setDate} />
          <output aria-label="Выбранная дата">{date ? formatStamp(date, false) : 'не выбрана'}</output>
        </div>
        <div className="showcase__row">
          <DatePicker label="Дата и время" value={dateTime} onChange={setDateTime} withTime />
          <output aria-label="Выбранные дата и время">
            {dateTime ? formatStamp(dateTime, true) : 'не выбраны'}
          </output>
        </div>
      </PageCard>
      <PageCard title="Период">
        <div className="showcase__row">
          <DateRangePicker label="Период" value={range} onChange={setRange} />
          <output aria-label="Выбранный период">{rangeText(range, false)}</output>
        </div>
        <div className="showcase__row">
          <DateRangePicker label="Период со временем" value={rangeTime} onChange={setRangeTime} withTime />
          <output aria-label="Выбранный период со временем">{rangeText(rangeTime, true)}</output>
        </div>
        <div className="showcase__row">
          <DateRangePicker
            label="Период не длиннее 7 дней"
            value={limited}
            onChange={setLimited}
            limitDays={7}
          />
          <output aria-label="Выбранный короткий период">{rangeText(limited, false)}</output>
        </div>
      </PageCard>
    </Page>
  );
}
