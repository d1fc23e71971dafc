import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servesClientPage } from '../../src/server/app.ts';
import { createTestApp } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
let clientDir: string;
let port: number;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'gow-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await createTestApp({ clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Sends a raw request over a socket and answers the whole response text. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('when a request line names an absolute URL', () => {
  it('answers 401 without a token, as for the plain path', async () => {
    const text = await raw(
      `GET http://127.0.0.1:${port}/api/v2/aviacompany HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(text).toContain('Требуется вход в систему');
  });

  it('answers 401 to an absolute URL whose path is percent-encoded', async () => {
    const text = await raw(
      `GET http://127.0.0.1:${port}/%61pi/v2/aviacompany HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });
});

describe('when an unmatched path reaches the client fallback', () => {
  it.each(['/API/v2/aviacompany', '//api/v2/aviacompany', '/Api/auth/me', '/%2Fapi/v2/aviacompany'])(
    'answers %s with a JSON 404, not the app page',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: 'Не найдено' });
    },
  );

  it('answers an unknown asset with 404, not the app page', async () => {
    const res = await app.inject({ url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>app</title>');
  });

  it('answers a screen URL with the app page, not cached', async () => {
    const res = await app.inject({ url: '/team-planning?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD / like GET /', async () => {
    const get = await app.inject({ url: '/' });
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
  });

  it('serves a client file written after the server started (a rebuild under a running server)', async () => {
    writeFileSync(path.join(clientDir, 'assets', 'main-def456.js'), 'console.log(2)');
    const res = await app.inject({ url: '/assets/main-def456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/assets/..%2Findex.html' })).statusCode).toBe(404);
  });

  it('serves hashed assets for a year and the favicon', async () => {
    const asset = await app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('when deciding what an unmatched path gets', () => {
  it('gives the app page to screen URLs and a 404 to API-like or asset paths', () => {
    expect(servesClientPage('GET', '/team-planning')).toBe(true);
    expect(servesClientPage('HEAD', '/')).toBe(true);
    expect(servesClientPage('POST', '/team-planning')).toBe(false);
    expect(servesClientPage('GET', '/API')).toBe(false);
    expect(servesClientPage('GET', '///api/x')).toBe(false);
    expect(servesClientPage('GET', '/%E0%A4%A')).toBe(false);
    expect(servesClientPage('GET', '/apiary')).toBe(true);
  });
});

describe('when Node refuses a request before routing', () => {
  it('answers headers that are too large with a Russian 431 that quotes nothing back', async () => {
    const huge = 'x'.repeat(20_000);
    const text = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${huge}\r\n\r\n`);
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ message: 'Слишком большие заголовки запроса' });
    expect(text).not.toContain(huge.slice(0, 100));
  });

  it('answers a malformed request line with a Russian 400', async () => {
    const text = await raw('GARBAGE\r\n\r\n');
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Некорректный запрос' });
  });
});
