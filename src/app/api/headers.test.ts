import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiV1, apiV4 } from './clients.ts';
import { authHeaders, timeZoneHeader } from './headers.ts';

afterEach(() => vi.unstubAllGlobals());

function captureFetch() {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, 'http://x'), init);
      calls.push({ url: request.url, headers: new Headers(init?.headers ?? request.headers) });
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('when building headers', () => {
  it('sends the stored token as a bearer header and nothing without one', () => {
    expect(authHeaders()).toEqual({});
    localStorage.setItem('token', 'abc');
    expect(authHeaders()).toEqual({ Authorization: 'Bearer abc' });
  });

  it('sends the stored time zone, else the browser zone', () => {
    expect(timeZoneHeader()['Time-Zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    localStorage.setItem('timeZone', 'Asia/Yakutsk');
    expect(timeZoneHeader()).toEqual({ 'Time-Zone': 'Asia/Yakutsk' });
  });

  it('ignores a stored zone the runtime does not know, which the server would refuse', () => {
    localStorage.setItem('timeZone', 'Bogus/Zone');
    expect(timeZoneHeader()['Time-Zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('when calling through the three clients', () => {
  it('prefixes /api, /api/v1 and /api/v4 and sends the bearer header on each', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('timeZone', 'Europe/Samara');
    const calls = captureFetch();
    await api('/v2/department');
    await apiV1('/rule');
    await apiV4('/thing');
    expect(calls.map((call) => new URL(call.url, 'http://x').pathname)).toEqual([
      '/api/v2/department',
      '/api/v1/rule',
      '/api/v4/thing',
    ]);
    for (const call of calls) expect(call.headers.get('authorization')).toBe('Bearer tok');
  });

  // Spec 6 has only the unprefixed client send the zone; /v1/race answers wall-clock times, so every client does.
  it('sends Time-Zone from every client, so /v1/race answers in the chosen zone', async () => {
    localStorage.setItem('timeZone', 'Asia/Vladivostok');
    const calls = captureFetch();
    await api('/planning/scale');
    await apiV1('/race');
    await apiV4('/thing');
    expect(calls.map((call) => call.headers.get('time-zone'))).toEqual([
      'Asia/Vladivostok',
      'Asia/Vladivostok',
      'Asia/Vladivostok',
    ]);
  });
});
