import { median, quantile, report } from './stats.ts';

/** Reference and list calls of the operations screens; each is timed over real HTTP on loopback. */
const CALLS = [
  '/api/aviacompany?page=1&per-page=20&sort=name_ru',
  '/api/aviacompany?page=1&per-page=20&filter[or][][name_ru][like]=аэро',
  '/api/airport',
  '/api/v2/aviacompany',
  '/api/v2/service',
  '/api/v2/job',
  '/api/v2/department',
  '/api/v3/employee-position',
  '/api/planning/scale',
  '/api/planning/department',
  '/api/planning/flight-params',
];

/**
 * Warms the HTTP path (Fastify, its hooks, compression, the answer cache, undici on the client side: all in this
 * process) with calls the measurement does not repeat: otherwise the first measured call pays the JIT warm-up of the
 * whole stack in its first dozen rounds (9–17 ms each, where a warm hit takes 1.5 ms), and a steady server never
 * does. The measured URLs stay uncached: the first round of each is still a miss.
 */
const WARM_UP = [
  '/api/aviacompany?page=2&per-page=20&sort=name_ru',
  '/api/airport?page=2',
  '/api/aviacompany?page=1&per-page=10',
];

/** Sends each call `rounds` times and reports the median and p95 of each, and the p95 over all. */
export async function benchApi(baseUrl: string, token: string, rounds = 60): Promise<void> {
  /** One call read to its end; anything but 200 stops the bench. */
  const get = async (call: string) => {
    const res = await fetch(baseUrl + call, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${call}: ${res.status}`);
  };
  for (let i = 0; i < 300; i += 1) await get(WARM_UP[i % WARM_UP.length]);
  const all: number[] = [];
  for (const call of CALLS) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const started = performance.now();
      await get(call);
      times.push(performance.now() - started);
    }
    all.push(...times);
    report({ name: `GET ${call.slice(4, 58)}: p95`, value: quantile(times, 0.95), unit: 'ms', budget: 10 });
  }
  report({ name: 'API list calls, all: median', value: median(all), unit: 'ms' });
  report({ name: 'API list calls, all: p95', value: quantile(all, 0.95), unit: 'ms', budget: 10 });
}
