import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './fuzzValues.ts';

/** A write route with the request schemas the API docs publish for it (generated from its zod schemas). */
export interface FuzzRoute {
  method: string;
  /** Fastify's pattern: `/api/v2/allocation/:id`. */
  url: string;
  /** The module's tag in the API docs: the fuzz family. */
  tag: string;
  body?: JsonSchema;
  /** The querystring as one object schema (properties = query parameters). */
  query?: JsonSchema;
  /** Path parameters by name. */
  params: Record<string, JsonSchema>;
}

/**
 * GET routes that write (spec names them so: they divide, combine and delete flights). Every other GET and every
 * HEAD is a read; `tests/fuzz/reads.test.ts` proves it for the routes it walks.
 */
const WRITE_GETS = new Set([
  'GET /api/race/divide-flight/:aid',
  'GET /api/race/combine-flight',
  'GET /api/v1/race/delete',
]);

/** True for a route that may write: every POST, PUT, PATCH and DELETE, and the GETs listed above. */
export function isWrite(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD') return WRITE_GETS.has(`${method} ${url}`);
  return url.startsWith('/api/') && method !== 'OPTIONS';
}

interface Operation {
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The request schemas of every route of the app, as its OpenAPI document publishes them. */
export function routesOf(app: FastifyInstance, which: (method: string, url: string) => boolean): FuzzRoute[] {
  const doc = (
    app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
  ).swagger();
  const seen = new Set<string>();
  const out: FuzzRoute[] = [];
  for (const { method, url } of app.routeAccess) {
    const key = `${method} ${url}`;
    if (seen.has(key) || !url.startsWith('/api/') || url.startsWith('/api/docs') || !which(method, url))
      continue;
    seen.add(key);
    const openApiPath = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = doc.paths[openApiPath]?.[method.toLowerCase()];
    const parameters = operation?.parameters ?? [];
    const queryParams = parameters.filter((p) => p.in === 'query');
    const params: Record<string, JsonSchema> = {};
    for (const name of url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
      const declared = parameters.find((p) => p.in === 'path' && p.name === name.slice(1));
      params[name.slice(1)] = declared?.schema ?? {};
    }
    out.push({
      method,
      url,
      tag: operation?.tags?.[0] ?? '(no tag)',
      body: operation?.requestBody?.content?.['application/json']?.schema,
      query: queryParams.length
        ? {
            type: 'object',
            properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])),
            required: queryParams.filter((p) => p.required).map((p) => p.name),
          }
        : undefined,
      params,
    });
  }
  return out;
}
