import { median, quantile, report } from './stats.ts';

/**
 * `GET /api/v1/race` for one day of the demo airport (today, its busiest stretch: plans, calculations and facts),
 * every row on one page, over real HTTP on loopback: median and p95 against the 50 ms budget of issue 11.
 */
export async function benchFlightTable(address: string, token: string, rounds = 60): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const url = `${address}/api/v1/race?filter[date_from]=${today}&filter[date_to]=${today}&per-page=2000&sort=plan`;
  const headers = { authorization: `Bearer ${token}`, 'time-zone': 'Europe/Moscow' };
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < rounds + 5; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as unknown[];
    if (res.status !== 200) throw new Error(`GET /v1/race: ${res.status}`);
    // The first calls warm the caches and the JIT.
    if (i >= 5) times.push(performance.now() - started);
    rows = body.length;
  }
  report({ name: `GET /v1/race, a day (${rows} rows): median`, value: median(times), unit: 'ms' });
  report({ name: 'GET /v1/race, a day: fastest', value: Math.min(...times), unit: 'ms' });
  report({ name: 'GET /v1/race, a day: p95', value: quantile(times, 0.95), unit: 'ms', budget: 50 });
}
