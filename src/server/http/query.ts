import qs from 'qs';
import { z } from '../../shared/messages.ts';

/** Parses a query string with bracket keys: `filter[name]=x&id[]=1` → `{filter: {name: 'x'}, id: ['1']}`. */
export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, { depth: 5, arrayLimit: 10_000, parameterLimit: 10_000 });
}

/** A query list that also accepts a single value: `id[]=1`, `id=1` and `id[]=1&id[]=2` all read as arrays. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}
