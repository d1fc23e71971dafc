import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffPlanningFilters } from '../../machines/staffPlanningFilters.ts';
import { MaxDemandPanel, PeakGraphPanel } from './Panels.tsx';

const FILTERS = {
  flightSchedule: [2, 3],
  flightStatus: [3],
  flightType: [],
  flightClass: [],
  departmentId: null,
  positions: [3],
  jobs: [],
  resourceTypes: [],
  workingShifts: [],
  periodType: 2,
  scale: 60,
  parameterType: 1,
  range: { from: '2026-03-02 00:00', to: '2026-03-08 23:59' },
} satisfies StaffPlanningFilters;
const GENERIC = 'Не удалось рассчитать, проверьте фильтры';

/** The server as the panels see it: every call gets `answer`; the URLs asked are recorded. */
function stubServer(answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(decodeURIComponent(input instanceof Request ? input.url : String(input)));
      return answer();
    }),
  );
  return urls;
}
const refusal = (status: number, fields: Record<string, string[]>) => () =>
  Response.json({ message: 'Проверьте заполнение полей', fields }, { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPeakGraph() {
  const user = userEvent.setup();
  render(<PeakGraphPanel filters={FILTERS} />);
  return {
    user,
    repeat: screen.getByRole('textbox', { name: 'Повторов за период' }),
    deviation: screen.getByRole('textbox', { name: 'Отклонение, %' }),
    calculate: screen.getByRole('button', { name: 'Рассчитать' }),
  };
}

function renderMaxDemand(
  filters: StaffPlanningFilters = FILTERS,
  positions: { id: number; name: string }[] = [{ id: 3, name: 'Грузчик' }],
) {
  const user = userEvent.setup();
  const onResult = vi.fn();
  render(
    <MaxDemandPanel
      filters={filters}
      positions={positions}
      maxDemand={{ minTime: 0, rows: [] }}
      onResult={onResult}
    />,
  );
  return {
    user,
    onResult,
    minTime: screen.getByRole('textbox', { name: 'Минимальная длительность, мин' }),
    calculate: screen.getByRole('button', { name: 'Рассчитать' }),
  };
}

describe('when the peak-graph fields are typed (spec 5: positive integers or empty)', () => {
  it('takes no decimal point or comma, so a fraction never reaches the request', async () => {
    const urls = stubServer(() => Response.json([]));
    const { user, repeat, deviation, calculate } = renderPeakGraph();
    await user.clear(repeat);
    await user.type(repeat, '2,5');
    await user.clear(deviation);
    await user.type(deviation, '1.5');
    expect(repeat).toHaveValue('25');
    expect(deviation).toHaveValue('15');
    await user.click(calculate);
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).toContain('interval_repeat_in_period=25&');
    expect(urls[0]).toMatch(/deviation_in_period=15(&|$)/);
  });

  it('says what the standard schedule form says for a repeat of 0 or above 52 and a deviation above 100', async () => {
    const urls = stubServer(() => Response.json([]));
    const { user, repeat, deviation, calculate } = renderPeakGraph();
    await user.clear(repeat);
    await user.type(repeat, '0');
    expect(repeat).toHaveAccessibleDescription('Ожидается целое число больше 0');
    await user.type(repeat, '53');
    expect(repeat).toHaveAccessibleDescription('Максимальное значение 52');
    await user.clear(deviation);
    await user.type(deviation, '101');
    expect(deviation).toHaveAccessibleDescription('Максимальное значение 100%');
    expect(calculate).toBeDisabled();
    expect(urls).toEqual([]);
  });

  it('leaves an emptied field out of the request, so the server takes 1 repeat and 0 %', async () => {
    const urls = stubServer(() => Response.json([]));
    const { user, repeat, deviation, calculate } = renderPeakGraph();
    await user.clear(repeat);
    await user.clear(deviation);
    expect(repeat).not.toHaveAccessibleDescription();
    await user.click(calculate);
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]).not.toContain('interval_repeat_in_period');
    expect(urls[0]).not.toContain('deviation_in_period');
  });
});

describe('when the server refuses a peak graph', () => {
  it('shows a 422 field message under its input instead of the generic note', async () => {
    stubServer(refusal(422, { deviation_in_period: ['Ожидается целое число от 0 до 100'] }));
    const { user, deviation, calculate } = renderPeakGraph();
    await user.click(calculate);
    await waitFor(() => expect(deviation).toHaveAccessibleDescription('Ожидается целое число от 0 до 100'));
    expect(screen.queryByText(GENERIC)).not.toBeInTheDocument();
  });

  it('shows a 400 field message of the repeat under it and drops it once the repeat is edited', async () => {
    stubServer(refusal(400, { interval_repeat_in_period: ['Ожидается целое число от 1 до 52'] }));
    const { user, repeat, calculate } = renderPeakGraph();
    await user.click(calculate);
    await waitFor(() => expect(repeat).toHaveAccessibleDescription('Ожидается целое число от 1 до 52'));
    await user.type(repeat, '2');
    expect(repeat).not.toHaveAccessibleDescription();
  });

  it('keeps the generic note for a refusal that names none of its inputs', async () => {
    stubServer(refusal(400, { end_period_date: ['Период не длиннее 93 дней'] }));
    const { user, repeat, calculate } = renderPeakGraph();
    await user.click(calculate);
    expect(await screen.findByText(GENERIC)).toBeInTheDocument();
    expect(repeat).not.toHaveAccessibleDescription();
  });

  it('keeps the generic note when the server is out of reach', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user, calculate } = renderPeakGraph();
    await user.click(calculate);
    expect(await screen.findByText(GENERIC)).toBeInTheDocument();
  });
});

describe('when max demand is counted', () => {
  it('takes only whole minutes and sends them as min_time', async () => {
    const urls = stubServer(() =>
      Response.json({ data: [{ max_count: 2, begin: null, end: null, employee_position_id: 3 }] }),
    );
    const { user, onResult, minTime, calculate } = renderMaxDemand();
    await user.clear(minTime);
    await user.type(minTime, '2.5');
    expect(minTime).toHaveValue('25');
    await user.click(calculate);
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith(25, [expect.objectContaining({ max_count: 2 })]),
    );
    expect(urls[0]).toContain('min_time=25&');
  });

  it('asks every listed position in one call when none is chosen, and keeps the answer in its order', async () => {
    const positions = Array.from({ length: 25 }, (_, i) => ({ id: 100 + i, name: `Должность ${i + 1}` }));
    const answer = positions.map((p) => ({
      max_count: 1,
      begin: null,
      end: null,
      employee_position_id: p.id,
    }));
    const urls = stubServer(() => Response.json({ data: answer }));
    const { user, onResult, calculate } = renderMaxDemand({ ...FILTERS, positions: [] }, positions);
    await user.click(calculate);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(0, answer));
    expect(urls).toHaveLength(1);
    const asked = new URL(urls[0], 'http://x');
    expect(asked.pathname).toBe('/api/planning/max-demand/positions');
    expect(asked.searchParams.getAll('employee_position_id[]')).toEqual(positions.map((p) => String(p.id)));
  });

  it('shows the server message about min_time under its input instead of the generic note', async () => {
    stubServer(refusal(400, { min_time: ['Максимальное значение 133920'] }));
    const { user, onResult, minTime, calculate } = renderMaxDemand();
    await user.type(minTime, '999999');
    await user.click(calculate);
    await waitFor(() => expect(minTime).toHaveAccessibleDescription('Максимальное значение 133920'));
    expect(screen.queryByText(GENERIC)).not.toBeInTheDocument();
    expect(onResult).not.toHaveBeenCalled();
  });
});

describe('when max demand and the peak graph answer for the same screen', () => {
  /** The flight-filter parameters of a URL, sorted. */
  const flightParams = (url: string) =>
    [...new URL(url, 'http://x').searchParams]
      .filter(([name]) => /^flight_(schedule|type|status)/.test(name))
      .map(([name, value]) => `${name}=${value}`)
      .sort();

  it('sends the peak graph the screen\u2019s «Вид расписания», «Статусы заявок» and type, as max demand', async () => {
    const urls = stubServer(() =>
      Response.json({ data: [{ max_count: 2, begin: null, end: null, employee_position_id: 3 }] }),
    );
    const max = renderMaxDemand();
    await max.user.click(max.calculate);
    await waitFor(() => expect(urls).toHaveLength(1));
    cleanup();
    const peak = renderPeakGraph();
    const peakUrls = stubServer(() => Response.json([]));
    await peak.user.click(peak.calculate);
    await waitFor(() => expect(peakUrls).toHaveLength(1));
    expect(flightParams(urls[0])).toEqual([
      'flight_schedule[]=2',
      'flight_schedule[]=3',
      'flight_status[]=3',
    ]);
    expect(flightParams(peakUrls[0])).toEqual(flightParams(urls[0]));
  });

  it('lists the peaks by weekday and time of the typical week', async () => {
    const point = (datetime: string, count: number, is_peak: 0 | 1) => ({ datetime, count, is_peak });
    stubServer(() =>
      Response.json([
        {
          employee_position_id: 3,
          name: 'Грузчик',
          points: [
            point('2026-11-23 08:00:00', 3, 1),
            point('2026-11-27 08:15:00', 5, 1),
            point('2026-11-29 23:45:00', 1, 0),
          ],
        },
      ]),
    );
    const { user, calculate } = renderPeakGraph();
    await user.click(calculate);
    expect(
      await screen.findByText('пиковых слотов 2; наибольшие: Пт 08:15 — 5; Пн 08:00 — 3', { exact: false }),
    ).toBeInTheDocument();
  });
});
