import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages.ts';
import { BadRequestError } from './errors.ts';

/**
 * Deepest nesting a JSON body may have: the API's bodies go four or five levels deep (a team's rules, their
 * members); V8 parses deeply nested JSON slowly (8 MB of `[[[…]]]` held the HTTP thread 2.9 s), so deeper bodies
 * are refused before they are parsed.
 */
const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, in one pass over its characters (brackets in
 * strings do not count). Example: `jsonDepthExceeds('[[1]]', 1)` → true; `jsonDepthExceeds('["[["]', 1)` → false.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92) i += 1;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 93 || code === 125) depth -= 1;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused) behind a nesting check: a body nested deeper than
 * MAX_JSON_DEPTH is a 400 «Слишком глубокая вложенность JSON» and is never parsed.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new BadRequestError(MESSAGES.jsonTooDeep), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
