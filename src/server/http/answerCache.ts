/**
 * The answer cache of GET calls (one per server process): the finished bytes of a 200 JSON answer by user, URL and
 * time zone, so that a list asked again (100 clients polling the same day, a grid paging back) costs a lookup
 * instead of queries, serialisation and compression (docs/DECISIONS.md, "Answer cache"). Built, like the planning
 * month's cache (src/server/modules/staff-planning/flightCache.ts), on the bounded cache (src/server/cache):
 *
 * - A data generation, bumped by every committed write (this process's at once, other processes' by NOTIFY): a
 *   build records the generation when it begins and stores its bytes only if none came meanwhile; a bump drops
 *   every entry.
 * - Entries also expire after `maxAgeMs` (a few seconds): answers that depend on the clock ("today" by default)
 *   and notices lost while a PostgreSQL listener reconnects are stale at most that long (twice that while the next
 *   build runs: the first caller after the age builds, the others still get the old bytes meanwhile, so that a
 *   busy list is never held up every few seconds by everyone waiting for one build).
 * - Bounded: least recently used entries go first once the bytes held (compressed variants included) exceed
 *   `maxBytes`; an answer over an eighth of the bound is never held.
 * - Compressed variants (brotli, gzip) are made once per entry, off the HTTP thread, the first time a client asks.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createBoundedCache } from '../cache/boundedCache.ts';

export interface AnswerCacheOptions {
  /** Bytes held at most (default 64 MB); 0 turns the cache off. */
  maxBytes?: number;
  /** Age in ms after which an answer is built again (default 5 s). */
  maxAgeMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1_048_576;
const DEFAULT_ANSWER_CACHE_AGE_MS = 5_000;

export type Encoding = 'br' | 'gzip';

/**
 * One held answer: its identity bytes, the headers the handler set, and its compressed variants once made (the
 * bounded cache counts them once they are).
 */
export interface CachedAnswer {
  readonly bytes: Buffer;
  readonly headers: Readonly<Record<string, string | string[]>>;
  variants: Partial<Record<Encoding, Promise<Buffer>>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The plugin's settings (app.ts): brotli 3 and gzip 3 keep a compressed answer close to the identity one in time. */
function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(bytes, { level: 3 });
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * The key of an answer: everything of the request the answer may depend on. The user (rules, department), the
 * method, the whole URL with its query, and the request's time zone. Example:
 * `answerKey(7, 'GET', '/api/v2/allocation?page=1', 'Europe/Moscow')` → '7 GET Europe/Moscow /api/v2/allocation?page=1'.
 */
export function answerKey(userId: number, method: string, url: string, timeZone: string): string {
  return `${userId} ${method} ${timeZone} ${url}`;
}

export function createAnswerCache(options: AnswerCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_ANSWER_CACHE_AGE_MS;
  // Held up to twice the age: past the age an answer is built again, but may be sent while that build runs.
  const held = createBoundedCache<CachedAnswer>({
    maxBytes,
    maxEntryBytes: maxBytes / 8,
    maxAgeMs: 2 * maxAgeMs,
    now: options.now,
    sizeOf: (entry) => entry.bytes.length,
  });

  /**
   * The answer held for the key, marked as just used, and whether it is within the max age. One past it (but not
   * past twice the max age) may still be sent while a build of its successor runs: no write came since it was
   * built (a write drops it), only time passed.
   */
  function lookup(key: string): { entry: CachedAnswer; fresh: boolean } | undefined {
    const found = held.lookup(key);
    return found && { entry: found.value, fresh: found.age <= maxAgeMs };
  }

  return {
    enabled: maxBytes > 0,
    /** The answer held for the key, marked as just used; undefined when none or older than the max age. */
    get(key: string): CachedAnswer | undefined {
      const found = lookup(key);
      return found?.fresh ? found.entry : undefined;
    },
    lookup,
    /** The generation to hand back to `set` when the build that starts now ends. */
    get generation() {
      return held.generation;
    },
    /**
     * Holds the answer built from a read begun at `since` (a generation), unless a write came after it began.
     * Answers the entry (held or not, so that callers waiting for the same build can be answered from it).
     */
    set(key: string, bytes: Buffer, headers: CachedAnswer['headers'], since: number): CachedAnswer {
      const entry: CachedAnswer = { bytes, headers, variants: {} };
      held.set(key, entry, since);
      return entry;
    },
    /** The entry's bytes in the encoding, compressed once per entry off the HTTP thread. */
    variant(key: string, entry: CachedAnswer, encoding: Encoding): Promise<Buffer> {
      let made = entry.variants[encoding];
      if (!made) {
        made = compress(entry.bytes, encoding);
        entry.variants[encoding] = made;
        made.then(
          (bytes) => held.grow(key, entry, bytes.length),
          () => {
            delete entry.variants[encoding];
          },
        );
      }
      return made;
    },
    /** A committed write: drops every answer; builds under way will not store theirs. */
    bump(): void {
      held.bump();
    },
    /** Bytes held now. */
    get bytes() {
      return held.bytes;
    },
    /** Answers held now. */
    get size() {
      return held.size;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
