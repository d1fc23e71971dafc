import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_CSP } from '../../src/server/app.ts';
import { createTestApp } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** The CSP directives of an answer, by name. */
async function directives(url: string): Promise<Map<string, string>> {
  const res = await app.inject({ url });
  expect(res.statusCode).toBe(200);
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('content security policy', () => {
  it('never asks browsers to upgrade to https: the app is served over plain http by address on intranets', async () => {
    for (const url of ['/api/health', '/api/docs/', '/api/docs/static/index.css', '/api/docs/json']) {
      const csp = await directives(url);
      expect(csp.size, url).toBeGreaterThan(3);
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('lets the API docs set inline styles but run only their own scripts, with no outside hosts', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(API_DOCS_CSP);
    }
    const csp = await directives('/api/docs/');
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data:");
  });
});
