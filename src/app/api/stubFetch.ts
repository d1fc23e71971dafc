import { vi } from 'vitest';

/** One request as a test reads it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  body: unknown;
  authorization: string | null;
}

/** An answer with a JSON body: `json(422, {message, fields})`. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A paged list's only page of 20 with its four pagination headers: `onePage([row])`. */
export function onePage(rows: unknown[]): Response {
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'x-pagination-total-count': String(rows.length),
      'x-pagination-page-count': '1',
      'x-pagination-current-page': '1',
      'x-pagination-per-page': '20',
    },
  });
}

/**
 * Replaces fetch for one test (undo with `vi.unstubAllGlobals()`): `answer` gets each request and returns the
 * Response, or throws to act as a network failure. Returns the requests seen, in order.
 */
export function stubFetch(answer: (request: SeenRequest) => Response | Promise<Response>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, 'http://x'), init);
      const url = new URL(request.url);
      const text = init?.body ?? (request.method === 'GET' ? null : await request.text());
      const entry: SeenRequest = {
        method: request.method,
        path: url.pathname,
        query: decodeURIComponent(url.search),
        body: typeof text === 'string' && text ? JSON.parse(text) : null,
        authorization: new Headers(init?.headers ?? request.headers).get('authorization'),
      };
      seen.push(entry);
      return answer(entry);
    }),
  );
  return seen;
}
