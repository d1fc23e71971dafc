import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../support/testApp.ts';

let demo: Awaited<ReturnType<typeof createDemoTestApp>>;

beforeAll(async () => {
  demo = await createDemoTestApp('viewer', { days: 1, referenceDate: '2026-03-10' });
});
afterAll(() => demo.app.close());

describe('when a screen asks for the turnarounds of a day', () => {
  it('answers them with their aid and a readable title', async () => {
    const res = await demo.get('/turnaround?date=2026-03-10', { 'time-zone': 'Europe/Moscow' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toEqual({ id: expect.any(Number), name: expect.stringMatching(/\d{2}:\d{2}/) });
  });

  it.each(['', 'date=10.03.2026', 'date=2026-02-30', 'date=2026-03-10&filter[name]=x'])(
    'refuses %s with a 400 in Russian',
    async (query) => {
      const res = await demo.get(`/turnaround?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[а-я]/);
    },
  );
});
