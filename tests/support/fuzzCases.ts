import fc from 'fast-check';
import qs from 'qs';
import type { FuzzRoute } from './fuzzRoutes.ts';
import {
  type JsonSchema,
  type Mutation,
  malformedJson,
  mutatedOf,
  mutationsOf,
  nastyValue,
  nulSweepOf,
  validOf,
  wrongContentType,
} from './fuzzValues.ts';

/** One request of the fuzzer, and what was mutated to get it (for the failure report). */
export interface FuzzCase {
  route: FuzzRoute;
  url: string;
  contentType?: string;
  payload?: string;
  /** The body as a value, when it was sent as JSON: an accepted one seeds the second phase. */
  body?: unknown;
  /** Which part was mutated and how. */
  note: string;
}

/**
 * Bodies the server accepted, mutated: the first phase rarely gets past the services' own checks (an id that exists,
 * a department of the chosen contractor), so the second mutates what did, and a nasty value reaches the database.
 */
export function acceptedCasesOf(
  route: FuzzRoute,
  accepted: readonly { url: string; body: unknown }[],
): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...accepted).chain((seed) =>
    mutationsOf(fc.constant(seed.body)).map((m) => ({
      route,
      url: seed.url,
      contentType: 'application/json',
      payload: JSON.stringify(m.value),
      body: m.value,
      note: `accepted body, ${mutationText(m.mutation)}`,
    })),
  );
}

/** An accepted body once per text field with a NUL in that field (see `nulSweepOf`): each must be refused, not a 5xx. */
export function nulSweepCases(route: FuzzRoute, seed: { url: string; body: unknown }): FuzzCase[] {
  return nulSweepOf(seed.body).map(({ value, path }) => ({
    route,
    url: seed.url,
    contentType: 'application/json',
    payload: JSON.stringify(value),
    body: value,
    note: `accepted body, NUL at ${path.join('.')}`,
  }));
}

/** Path segments that are no id: out of range, not digits, badly percent-encoded, huge. */
const NASTY_SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  '%20',
  '%00',
  '%ZZ',
  '%ED%A0%80',
  '%E2%80%AE1',
  '%EF%BC%91',
  'null',
  'x'.repeat(5000),
];

/** A path segment of a parameter schema: a valid value mostly, else a nasty segment. */
function segmentOf(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: validOf(schema, 0, name).map((v) => encodeURIComponent(String(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
  );
}

/**
 * A query string of an object; values that cannot be percent-encoded (a lone surrogate) go as the raw bytes
 * `%ED%A0%80`, which is no valid UTF-8 either.
 */
function queryStringOf(value: unknown): string {
  if (value === undefined || value === null || typeof value !== 'object') {
    return value === undefined ? '' : `=${safeEncode(String(value))}`;
  }
  return qs.stringify(value, { encoder: (text) => safeEncode(String(text)), allowDots: false });
}

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Raw query strings no serializer writes: deep brackets, repeated keys, a bare `%`, parameter floods. */
const RAW_QUERIES = [
  'a[b][c][d][e][f][g][h]=1',
  'id=1&id=2&id[]=3',
  'id[]=&id[]=',
  'id[999999]=1',
  '%=1',
  '%ZZ=1',
  'id=%ZZ',
  'id=%ED%A0%80',
  '&&&=&',
  `${'a=1&'.repeat(2000)}`,
  'filter=1&filter[x]=2',
  'page=0&per-page=0',
  'page=-1&per-page=100000',
  'page=1e3&per-page=1.5',
  'sort=-&sort=--id',
  '__proto__[admin]=1',
  'constructor[prototype][x]=1',
];

/** Every request the fuzzer sends to one route: exactly one part (path, query or body) mutated, or none. */
export function casesOf(route: FuzzRoute): fc.Arbitrary<FuzzCase> {
  const names = Object.keys(route.params);
  const validSegments = fc.tuple(
    ...names.map((n) => validOf(route.params[n], 0, n).map((v) => encodeURIComponent(String(v)))),
  );
  const someSegments = fc.tuple(...names.map((n) => segmentOf(route.params[n], n)));
  const validQuery = route.query ? validOf(route.query).map(queryStringOf) : fc.constant('');
  const mutatedQuery = fc.oneof(
    {
      weight: 3,
      arbitrary: route.query ? mutatedOf(route.query).map((m) => queryStringOf(m.value)) : validQuery,
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
    {
      weight: 1,
      arbitrary: fc
        .record({ k: fc.constantFrom(...Object.keys(route.query?.properties ?? { id: {} })), v: nastyValue })
        .map(({ k, v }) => queryStringOf({ [k]: v })),
    },
  );
  type Body = { contentType?: string; payload?: string; body?: unknown; note: string };
  const jsonBody = (value: unknown, note: string): Body =>
    value === undefined
      ? { note }
      : { contentType: 'application/json', payload: JSON.stringify(value), body: value, note };
  const validBody: fc.Arbitrary<Body> = route.body
    ? validOf(route.body).map((v) => jsonBody(v, 'body valid'))
    : fc.constant({ note: 'no body' });
  const mutatedBody: fc.Arbitrary<Body> = route.body
    ? fc.oneof(
        {
          weight: 12,
          arbitrary: mutatedOf(route.body).map((m) => jsonBody(m.value, `body ${mutationText(m.mutation)}`)),
        },
        { weight: 1, arbitrary: nastyValue.map((v) => jsonBody(v, 'body replaced whole')) },
        {
          weight: 1,
          arbitrary: malformedJson.map((text) => ({
            contentType: 'application/json',
            payload: text,
            note: 'body malformed JSON',
          })),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(validOf(route.body), wrongContentType).map(([v, type]) => ({
            contentType: type || undefined,
            payload: JSON.stringify(v),
            note: `body with content-type "${type}"`,
          })),
        },
        { weight: 1, arbitrary: fc.constant({ note: 'body missing' }) },
      )
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant({ note: 'no body' }) },
        { weight: 1, arbitrary: nastyValue.map((v) => jsonBody(v, 'unexpected JSON body')) },
        {
          weight: 1,
          arbitrary: malformedJson.map((text) => ({
            contentType: 'application/json',
            payload: text,
            note: 'unexpected malformed JSON',
          })),
        },
      );
  const parts = ['valid', ...(names.length ? ['path'] : []), 'query', 'body'] as const;
  return fc.constantFrom(...parts).chain((part) =>
    fc
      .tuple(
        part === 'path' ? someSegments : validSegments,
        part === 'query' ? mutatedQuery : validQuery,
        part === 'body' ? mutatedBody : validBody,
      )
      .map(([segments, query, body]) => {
        let path = route.url;
        names.forEach((name, i) => {
          path = path.replace(`:${name}`, segments[i] || '%20');
        });
        return {
          route,
          url: query ? `${path}?${query}` : path,
          contentType: body.contentType,
          payload: body.payload,
          body: body.body,
          note: part === 'valid' ? 'all valid' : part === 'body' ? body.note : `${part} mutated`,
        };
      }),
  );
}

function mutationText(mutation: Mutation): string {
  if (mutation.kind === 'valid') return 'valid';
  const where = mutation.path.join('.') || '(root)';
  return mutation.kind === 'extra'
    ? `extra key "${mutation.key}" at ${where}`
    : `${mutation.kind} at ${where}`;
}
