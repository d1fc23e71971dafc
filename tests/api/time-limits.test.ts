import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
let aborted = false;

beforeAll(async () => {
  app = await createTestApp({
    handlerTimeoutMs: 200,
    configure: (built) =>
      built.get('/api/test/slow', { config: { access: 'session' } }, async (request) => {
        request.signal.addEventListener('abort', () => {
          aborted = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return { late: true };
      }),
  });
});
afterAll(() => app.close());

describe('when a handler runs past its time limit', () => {
  it('answers 503 in Russian and aborts the request signal the work listens to', async () => {
    const res = await app.inject({ url: '/api/test/slow', headers: bearer(await loginAs(app, 'viewer')) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Сервер не успел ответить. Повторите запрос позже' });
    expect(aborted).toBe(true);
  });
});
