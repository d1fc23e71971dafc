import http from 'node:http';
import { instantToDay } from '../../src/shared/wallClock.ts';
import { median, quantile, report } from './stats.ts';

/** Runs of the month call, cold and warm. */
const ROUNDS = 10;
const ZONE = 'Europe/Moscow';

/** One GET over loopback: the status, the body's bytes as sent and the time to the last byte. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; encoding: string | undefined; ms: number }>(
    (resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { headers }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              bytes,
              encoding: res.headers['content-encoding'],
              ms: performance.now() - started,
            }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

/**
 * `GET /api/planning/flight` for the staff-planning screen's default range (today 00:00 to a month ahead 23:59:59,
 * Moscow) on the demo airport, with brotli (what a browser asks for): median and p95 time over ROUNDS runs cold (each
 * run a period of its own, ending a second earlier than the last: no answer cached) and warm (the same period again,
 * answered from the server's cache), and the bytes on the wire raw, as brotli and as gzip. Budgets of ARCHITECTURE
 * section 8: 500 ms and 4 MB compressed.
 */
export async function benchPlanning(address: string, token: string): Promise<void> {
  const today = instantToDay(Date.now(), ZONE);
  const monthAhead = new Date(`${today}T00:00:00Z`);
  monthAhead.setUTCMonth(monthAhead.getUTCMonth() + 1);
  const last = monthAhead.toISOString().slice(0, 10);
  const urlEnding = (second: number) =>
    `${address}/api/planning/flight?${encodeURI(`times[]=${today} 00:00:00&times[]=${last} 23:59:${String(second).padStart(2, '0')}`)}`;
  const url = urlEnding(59);
  const headers = (encoding: string) => ({
    authorization: `Bearer ${token}`,
    'time-zone': ZONE,
    'accept-encoding': encoding,
  });
  const timed = async (target: string) => {
    const res = await fetchRaw(target, headers('br'));
    if (res.status !== 200) throw new Error(`planning/flight: ${res.status}`);
    return res.ms;
  };

  // The first run (not counted) warms the server's code; each later one asks a period not asked before.
  const cold: number[] = [];
  for (let i = 0; i <= ROUNDS; i += 1) {
    const ms = await timed(urlEnding(59 - i));
    if (i > 0) cold.push(ms);
  }
  await timed(url); // stores the answer (the cold runs may have pushed it out)
  const warm: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) warm.push(await timed(url));
  const raw = await fetchRaw(url, headers('identity'));
  const br = await fetchRaw(url, headers('br'));
  const gzip = await fetchRaw(url, headers('gzip'));
  if (br.encoding !== 'br' || gzip.encoding !== 'gzip')
    throw new Error('planning/flight: answer not compressed');
  const mb = (bytes: number) => bytes / 1_048_576;
  report({
    name: 'GET /planning/flight, a month, cold (br): median',
    value: median(cold),
    unit: 'ms',
    budget: 500,
  });
  report({ name: 'GET /planning/flight, a month, cold (br): p95', value: quantile(cold, 0.95), unit: 'ms' });
  report({
    name: 'GET /planning/flight, a month, warm (br): median',
    value: median(warm),
    unit: 'ms',
    budget: 500,
  });
  report({ name: 'GET /planning/flight, a month, warm (br): p95', value: quantile(warm, 0.95), unit: 'ms' });
  report({ name: 'GET /planning/flight, a month, warm (identity): time', value: raw.ms, unit: 'ms' });
  report({ name: 'GET /planning/flight, a month: raw JSON', value: mb(raw.bytes), unit: 'MB' });
  report({ name: 'GET /planning/flight, a month: brotli', value: mb(br.bytes), unit: 'MB', budget: 4 });
  report({ name: 'GET /planning/flight, a month: gzip', value: mb(gzip.bytes), unit: 'MB', budget: 4 });
}
