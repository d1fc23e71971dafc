import fc from 'fast-check';

/** A JSON Schema node as the API docs publish it (fastify-type-provider-zod's transform of the route's zod schema). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** The largest value of PostgreSQL's `integer`, the id columns' type. */
const INT_MAX = 2 ** 31 - 1;

/** Arrays drawn from a schema stay short: the size limits are probed by the mutations, not by valid bodies. */
const ARRAY_CAP = 3;

/**
 * Ids mostly of the small fixture (1..40 exist in most tables), sometimes anywhere in the column's range, so a
 * valid-looking body reaches the service and the database often enough.
 */
function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -INT_MAX, schema.exclusiveMinimum ?? -Infinity, -(2 ** 53));
  const max = Math.min(schema.maximum ?? INT_MAX, schema.exclusiveMaximum ?? Infinity, 2 ** 53);
  if (min > max) return fc.constant(min);
  const near = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 40)) });
  return fc.oneof({ weight: 3, arbitrary: near }, { weight: 1, arbitrary: fc.integer({ min, max }) });
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e6;
  const max = schema.maximum ?? 1e6;
  return fc.oneof(
    integerOf({ minimum: Math.ceil(min), maximum: Math.floor(max) }),
    fc.double({ min, max, noNaN: true }),
  );
}

/** Strings of a schema: its pattern when it has one, an e-mail, else short text (Cyrillic included). */
function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern the generator cannot read: plain text below, refused or accepted by the server.
    }
  }
  if (schema.format === 'email') return fc.constantFrom('agent@example.com', 'a.b@kzn.aero', 'x@y.ru');
  const text = fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcAZ09 -_.:абвгдЁё'.split('')) });
  return fc
    .oneof(
      text,
      fc.constantFrom(
        '2026-03-10',
        '2026-03-10 00:00:00',
        '10.03.2026 - 11.03.2026',
        '2026-03-10T08:00:00Z',
        '00:00',
      ),
    )
    .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
}

/**
 * Values that a schema accepts, or nearly: the server's zod schema has refinements (a date that exists, an order of
 * two fields) that the published JSON Schema does not show, so a drawn value may still be refused; that is fine,
 * the fuzzer only needs bodies close enough to reach the deeper checks.
 * Example: `validOf({type: 'integer', minimum: 1, maximum: 10})` draws 1..10.
 */
export function validOf(schema: JsonSchema, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const plain = hinted(schema, key) ?? validOfType(schema, depth, key);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: fc.constant(null) })
    : plain;
}

function validOfType(schema: JsonSchema, depth: number, key: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => validOf(s, depth + 1)));
  if (schema.allOf?.length) return validOf(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return integerOf(schema);
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringOf(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? ARRAY_CAP, ARRAY_CAP));
      return fc.array(validOf(schema.items ?? {}, depth + 1, key), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) record[key] = validOf(child, depth + 1, key);
      return fc.record(record, { requiredKeys: required.filter((key) => key in properties) });
    }
    default:
      // No type published (a preprocessed or custom zod schema): anything small.
      return fc.oneof(
        fc.constantFrom('1', '2026-03-10', 'x', ''),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
      );
  }
}

/**
 * Values by a field's name where the published schema cannot say more (a refined or preprocessed zod string): dates
 * and wall-clock times of the fixture's day, ids of the fixture. Example: `date` → '2026-03-10'.
 */
function hinted(schema: JsonSchema, key: string): fc.Arbitrary<unknown> | undefined {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.pattern || schema.enum || (type !== 'string' && type !== undefined)) return undefined;
  if (/date$/i.test(key)) return fc.constantFrom('2026-03-10', '2026-03-11', '2026-03-09');
  if (/(datetime|time|begin|end|_from|_to)$/i.test(key))
    return fc.constantFrom('2026-03-10 00:00:00', '2026-03-10 12:30:00', '2026-03-11 00:00:00');
  if (/(^id|_id|ids)$/i.test(key)) return fc.integer({ min: 1, max: 40 }).map(String);
  return undefined;
}

/** Characters that text fields must refuse or store faithfully: NUL, other controls, lone surrogates. */
const NASTY_TEXT = [
  '',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '\ufeff',
  '\u202e',
  '😀',
  '%00',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '$' + '{7*7}',
  '../../etc/passwd',
  ' ',
  '   1',
  '１２',
];

/** Numbers at and beyond every limit a column or a parser has. */
const BOUNDARY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1.0000001,
  INT_MAX,
  INT_MAX + 1,
  -(INT_MAX + 1),
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Strings that look like numbers to a lax parser. */
const NUMERIC_TEXT = [
  '0',
  '-1',
  '1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1e3',
  '+7',
  '00012',
  '9'.repeat(40),
  'null',
  'true',
];

/** 100 KB strings: one ASCII, one Cyrillic (200 KB in UTF-8). */
const HUGE = ['x'.repeat(100_000), 'ж'.repeat(100_000)];

/**
 * A value that no well-typed field expects: a wrong type, a boundary number, a numeric string, nasty or huge text,
 * or a structure (array, object, deep nesting) where a scalar belongs.
 */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.constantFrom(...NUMERIC_TEXT),
  fc.constantFrom(...NASTY_TEXT),
  fc.constantFrom(...HUGE),
  fc.constantFrom(null, true, false),
  fc.constantFrom(
    [],
    {},
    [null],
    [1, 2, 3],
    { id: 1 },
    [[[[[]]]]],
    { '': '' },
    JSON.parse('{"__proto__": {"x": 1}}'),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double(),
);

/** Names of keys that no schema declares. */
const extraKey = fc.constantFrom(
  'extra',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' id',
  'ID',
  'id\u0000',
  'ж',
);

/** Every path to a node of a JSON value (objects by key, arrays by index), the root included as []. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) pathsOf(item, [...prefix, i], out);
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  return out;
}

/** A copy of `value` with the node at `path` replaced (or deleted when `replacement` is DELETE). */
function withAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === DELETE ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = withAt(copy[head as number], rest, replacement);
    if (next === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const next = withAt(copy[head as string], rest, replacement);
  if (next === undefined && rest.length === 0) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

/** The text that must never reach PostgreSQL, which refuses NUL in text. */
const NUL_TEXT = 'a\u0000b';

/**
 * The value once per text leaf with that leaf replaced by NUL_TEXT, and the leaf's path.
 * Example: `{name: 'x', ids: [1]}` → one copy, `{name: 'a\u0000b', ids: [1]}` at `['name']`.
 */
export function nulSweepOf(value: unknown): { value: unknown; path: (string | number)[] }[] {
  return pathsOf(value)
    .filter((path) => typeof at(value, path) === 'string')
    .map((path) => ({ value: withAt(value, path, NUL_TEXT), path }));
}

/** Marks a deletion for `withAt`. */
const DELETE = Symbol('delete');

/** What a mutation did, for the failure report. */
export type Mutation =
  | { kind: 'valid' }
  | { kind: 'replace'; path: (string | number)[] }
  | { kind: 'delete'; path: (string | number)[] }
  | { kind: 'extra'; path: (string | number)[]; key: string }
  | { kind: 'wrap'; path: (string | number)[] }
  | { kind: 'unwrap'; path: (string | number)[] };

/**
 * A value drawn from the schema and then mutated at one random node: replaced by a nasty value, deleted, given an
 * extra key, wrapped in an array or unwrapped from one; or left valid (about one case in seven).
 */
export function mutatedOf(schema: JsonSchema): fc.Arbitrary<{ value: unknown; mutation: Mutation }> {
  return mutationsOf(validOf(schema));
}

/** The mutations of `mutatedOf` applied to the values of any arbitrary (bodies the server accepted, say). */
export function mutationsOf(
  values: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ value: unknown; mutation: Mutation }> {
  return fc
    .tuple(values, fc.nat(), fc.nat({ max: 13 }), nastyValue, extraKey)
    .map(([valid, pick, op, nasty, key]) => {
      const paths = pathsOf(valid);
      const path = paths[pick % paths.length];
      if (op === 0 || op === 1) return { value: valid, mutation: { kind: 'valid' } };
      if (op <= 6) return { value: withAt(valid, path, nasty), mutation: { kind: 'replace', path } };
      if (op <= 8 && path.length > 0)
        return { value: withAt(valid, path, DELETE), mutation: { kind: 'delete', path } };
      if (op <= 10) {
        const objects = paths.filter((p) => isObject(at(valid, p)));
        const target = objects.length ? objects[pick % objects.length] : [];
        const node = at(valid, target);
        if (isObject(node))
          return {
            value: withAt(valid, target, { ...node, [key]: nasty }),
            mutation: { kind: 'extra', path: target, key },
          };
        return { value: withAt(valid, path, nasty), mutation: { kind: 'replace', path } };
      }
      const node = at(valid, path);
      if (op === 11 && Array.isArray(node) && node.length > 0)
        return { value: withAt(valid, path, node[0]), mutation: { kind: 'unwrap', path } };
      return { value: withAt(valid, path, [node]), mutation: { kind: 'wrap', path } };
    });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function at(value: unknown, path: (string | number)[]): unknown {
  let node = value;
  for (const step of path) node = (node as Record<string | number, unknown>)?.[step];
  return node;
}

/** Bodies that are not JSON at all, or JSON that stops half-way, sent as application/json. */
export const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  'nul',
  'undefined',
  '\u0000',
  '{"a": "\u0000"',
  '[1, 2',
  '{"a": NaN}',
  '{"a": 1e99999}',
  '"\\ud800"',
  '{"__proto__": {"admin": true}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a": ${'['.repeat(200_000)}`,
  '\ufeff{}',
  '',
  ' ',
);

/** Content types the JSON routes must refuse (415) or parse as nothing they accept. */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/jsonx',
  'text/json',
  '',
);
