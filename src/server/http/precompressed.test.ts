import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, brotliOf, sendJsonBuffer } from './precompressed.ts';

describe('acceptsBrotli', () => {
  it('reads the br token and its q-value', () => {
    expect(acceptsBrotli('gzip, deflate, br')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli(['gzip', 'BR'])).toBe(true);
    expect(acceptsBrotli('br;q=0, gzip')).toBe(false);
    expect(acceptsBrotli('gzip, brotli')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});

describe('brotliOf', () => {
  it('compresses a Buffer once and hands the same bytes to every later caller', async () => {
    const body = Buffer.from(JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ i, name: 'задача' }))));
    const first = brotliOf(body);
    expect(brotliOf(body)).toBe(first);
    expect(zlib.brotliDecompressSync(await first).equals(body)).toBe(true);
    expect(brotliOf(Buffer.from(body))).not.toBe(first);
  });
});

describe('sendJsonBuffer', () => {
  it('answers a big body in brotli to a client that takes it, else plain, and a small one plain', async () => {
    const big = Buffer.from(JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i }))));
    const app = Fastify();
    app.get('/big', (request, reply) => sendJsonBuffer(request, reply, big));
    app.get('/small', (request, reply) => sendJsonBuffer(request, reply, Buffer.from('{"a":1}')));
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(big)).toBe(true);
    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(big)).toBe(true);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ a: 1 });
    await app.close();
  });
});
