import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerKey, createAnswerCache } from './answerCache.ts';
import { chooseEncoding, touchesAnswers } from './answerCachePlugin.ts';

const json = (text: string) => Buffer.from(text);

describe('the answer cache', () => {
  it('serves a held answer with its headers until it is older than the max age', () => {
    let clock = 0;
    const cache = createAnswerCache({ maxAgeMs: 5_000, now: () => clock });
    const key = answerKey(1, 'GET', '/api/v2/allocation', 'Europe/Moscow');
    cache.set(key, json('[1]'), { 'x-pagination-total-count': '1' }, cache.generation);
    clock = 5_000;
    expect(cache.get(key)?.bytes.toString()).toBe('[1]');
    expect(cache.get(key)?.headers).toEqual({ 'x-pagination-total-count': '1' });
    clock = 5_001;
    expect(cache.get(key)).toBeUndefined();
  });

  it('still offers an answer past its age, marked stale, until twice the age (sent while its successor builds)', () => {
    let clock = 0;
    const cache = createAnswerCache({ maxAgeMs: 5_000, now: () => clock });
    cache.set('k', json('[1]'), {}, cache.generation);
    clock = 9_000;
    expect(cache.lookup('k')).toMatchObject({ fresh: false });
    clock = 10_001;
    expect(cache.lookup('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keys answers by user, URL and time zone', () => {
    expect(answerKey(1, 'GET', '/api/x', 'UTC')).not.toBe(answerKey(2, 'GET', '/api/x', 'UTC'));
    expect(answerKey(1, 'GET', '/api/x', 'UTC')).not.toBe(answerKey(1, 'GET', '/api/x', 'Asia/Omsk'));
    expect(answerKey(1, 'GET', '/api/x?page=1', 'UTC')).not.toBe(answerKey(1, 'GET', '/api/x?page=2', 'UTC'));
  });

  it('drops everything on a write, and a build begun before the write stores nothing', () => {
    const cache = createAnswerCache();
    cache.set('a', json('[1]'), {}, cache.generation);
    const since = cache.generation; // a build begins, reads the old rows…
    cache.bump(); // …a write commits…
    const built = cache.set('b', json('[old]'), {}, since); // …the build ends
    expect(built.bytes.toString()).toBe('[old]');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its bytes, the least recently used going first, and never an answer over an eighth', () => {
    const cache = createAnswerCache({ maxBytes: 800 });
    const body = json('x'.repeat(100));
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.set(key, body, {}, cache.generation);
    cache.get('a');
    cache.set('i', body, {}, cache.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.bytes).toBe(800);
    cache.set('big', json('x'.repeat(101)), {}, cache.generation);
    expect(cache.get('big')).toBeUndefined();
  });

  it('compresses an answer once per encoding and counts the compressed bytes', async () => {
    const cache = createAnswerCache();
    const body = json(JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ id, name: `row ${id}` }))));
    const entry = cache.set('k', body, {}, cache.generation);
    const first = cache.variant('k', entry, 'br');
    expect(cache.variant('k', entry, 'br')).toBe(first);
    expect(zlib.brotliDecompressSync(await first).equals(body)).toBe(true);
    expect(zlib.gunzipSync(await cache.variant('k', entry, 'gzip')).equals(body)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.bytes).toBe(body.length + (await first).length + (await entry.variants.gzip)!.length);
  });

  it('is off with no bytes', () => {
    expect(createAnswerCache({ maxBytes: 0 }).enabled).toBe(false);
  });
});

describe('what the plugin decides', () => {
  it('keeps the answers on a login (sessions, failed logins), drops them on any other write', () => {
    expect(touchesAnswers(['sessions', 'login_failures'])).toBe(false);
    expect(touchesAnswers(['sessions', 'flights'])).toBe(true);
    expect(touchesAnswers(null)).toBe(true);
  });

  it('sends brotli, else gzip, to clients that take it, and small answers as they are', () => {
    expect(chooseEncoding('gzip, br', 5_000)).toBe('br');
    expect(chooseEncoding('gzip, br;q=0', 5_000)).toBe('gzip');
    expect(chooseEncoding('identity', 5_000)).toBeUndefined();
    expect(chooseEncoding('br', 100)).toBeUndefined();
  });
});
