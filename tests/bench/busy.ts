import { median, quantile, report } from './stats.ts';

/** A wire datetime 'YYYY-MM-DD HH:mm:ss': midnight (UTC) of a day offset from today, plus some seconds. */
function wireDay(offsetDays: number, seconds = 0): string {
  const midnight = Date.parse(
    `${new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
  );
  return new Date(midnight + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A month-long planning query: positions needed by the tasks of every flight over 30 days. The n-th starts n seconds
 * later, so every request is its own address and misses the answer cache: the database does the month each time.
 */
function monthQuery(n: number): string {
  const begin = encodeURIComponent(wireDay(-15, n));
  const end = encodeURIComponent(wireDay(15));
  return `/api/planning/employee-position?plan_begin_time=${begin}&plan_end_time=${end}`;
}

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/**
 * While `concurrent` clients ask month-long planning queries (each a cache miss), probes `/api/health` and a reference list in turn
 * and reports their median and p99 (budget p99 ≤ 100 ms: the database never blocks the HTTP thread, and a light
 * query waits for at most one heavy one).
 */
export async function benchBusy(
  baseUrl: string,
  token: string,
  concurrent = 40,
  seconds = 15,
): Promise<void> {
  let asked = 0;
  const heavyUrl = () => baseUrl + monthQuery(asked++);
  const single = await timed(heavyUrl(), token);
  report({ name: 'month-long planning query, alone', value: single, unit: 'ms' });

  let running = true;
  const heavyTimes: number[] = [];
  const heavy = Array.from({ length: concurrent }, async () => {
    while (running) heavyTimes.push(await timed(heavyUrl(), token));
  });
  const health: number[] = [];
  const list: number[] = [];
  const stopAt = performance.now() + seconds * 1000;
  // Let the heavy clients fill the queue before probing.
  await new Promise((resolve) => setTimeout(resolve, 500));
  while (performance.now() < stopAt) {
    health.push(await timed(`${baseUrl}/api/health`, token));
    list.push(await timed(`${baseUrl}/api/v2/department`, token));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  running = false;
  await Promise.all(heavy);

  const label = `${concurrent} month queries running`;
  report({ name: `${label}: heavy answers in ${seconds} s`, value: heavyTimes.length, unit: '' });
  report({ name: `${label}: heavy answer median`, value: median(heavyTimes), unit: 'ms' });
  report({ name: `${label}: /api/health median`, value: median(health), unit: 'ms' });
  report({ name: `${label}: /api/health p99`, value: quantile(health, 0.99), unit: 'ms', budget: 100 });
  report({ name: `${label}: reference list median`, value: median(list), unit: 'ms' });
  report({ name: `${label}: reference list p99`, value: quantile(list, 0.99), unit: 'ms', budget: 100 });
}

/**
 * The biggest single answers a screen asks for, each alone, while `/api/health` is probed every 5 ms: the call's time
 * and the slowest probe (budget 100 ms: building a big answer holds the HTTP thread in slices, never for long).
 * The team list of a week (~1,400 turnarounds with times, 2 MB) and of the longest period a query may name (93 days,
 * the whole demo: 25 MB), the peak graph of a month for every position and a month's page of the flight table (2,000
 * rows).
 */
export async function benchStalls(baseUrl: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'time-zone': 'Europe/Moscow' };
  const positions = (await (await fetch(`${baseUrl}/api/v3/employee-position`, { headers })).json()) as {
    id: number;
  }[];
  const day = (offset: number) => wireDay(offset).slice(0, 10);
  const calls: [string, string][] = [
    [
      'team planning, flights without a team, a week',
      `/api/team-planning/v1/flights-without-team?filter[begin_datetime]=${wireDay(0)}&filter[end_datetime]=${wireDay(7)}`,
    ],
    [
      'team planning, flights without a team, the longest period (93 days)',
      `/api/team-planning/v1/flights-without-team?filter[begin_datetime]=${wireDay(-46)}&filter[end_datetime]=${wireDay(46)}`,
    ],
    [
      'team planning, teams with their flights, a week',
      `/api/team-planning/v1/teams-with-flights?filter[begin_datetime]=${wireDay(0)}&filter[end_datetime]=${wireDay(7)}`,
    ],
    [
      'team planning, flights outside each team, a week',
      `/api/team-planning/v1/flights-outside-team?filter[begin_datetime]=${wireDay(0)}&filter[end_datetime]=${wireDay(7)}`,
    ],
    [
      'peak graph, a month, every position',
      `/api/planning/peak-graph?begin_period_date=${day(-15)}&end_period_date=${day(15)}&step=15&${positions.map((p) => `employee_positions[]=${p.id}`).join('&')}`,
    ],
    [
      'flight table, a month, a page of 2,000',
      `/api/v1/race?filter[date_from]=${day(-15)}&filter[date_to]=${day(15)}&per-page=2000&sort=plan`,
    ],
  ];
  for (const [name, url] of calls) {
    let running = true;
    let worst = 0;
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
        worst = Math.max(worst, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    const res = await fetch(baseUrl + encodeURI(url), { headers });
    await res.arrayBuffer();
    const took = performance.now() - started;
    running = false;
    await probe;
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    report({ name: `${name}: answer`, value: took, unit: 'ms' });
    report({ name: `${name}: slowest /api/health`, value: worst, unit: 'ms', budget: 100 });
  }
}
