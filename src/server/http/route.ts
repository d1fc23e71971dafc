import type { z } from '../../shared/messages.ts';
import type { Access } from './access.ts';
import { plainQuery } from './list.ts';

/** What every route of a module shares: its OpenAPI tags and who may call it. */
export interface RouteGroup {
  tags: readonly string[];
  access: Access;
}

/** What one route declares: its summary, query, answer, and access when it differs from the group's. */
export interface RouteDoc<Q extends z.ZodType, R extends z.ZodType> {
  summary: string;
  /** Longer Swagger text: the definitions behind the answer. */
  description?: string;
  /** The querystring schema; a list that accepts no filters leaves it out (`plainQuery()`). */
  querystring?: Q;
  response: R;
  access?: Access;
  /** Bytes of body taken, when not the app's default (src/server/http/bodyLimit.ts). */
  bodyLimit?: number;
}

/**
 * The route options block of a module: `config.access` and `schema` (tags, summary, querystring, response 200).
 * Example: `const route = routeGroup({tags: ['Справочники'], access: 'session'});`
 * `app.get('/v2/job', route({summary: 'Работы', response: z.array(namedItemSchema)}), handler)`.
 */
export function routeGroup(group: RouteGroup) {
  return <R extends z.ZodType, Q extends z.ZodType = ReturnType<typeof plainQuery>>(doc: RouteDoc<Q, R>) => ({
    config: { access: doc.access ?? group.access },
    ...(doc.bodyLimit ? { bodyLimit: doc.bodyLimit } : {}),
    schema: {
      tags: [...group.tags],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      querystring: (doc.querystring ?? plainQuery()) as Q,
      response: { 200: doc.response },
    },
  });
}
