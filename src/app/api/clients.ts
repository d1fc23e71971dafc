import { ofetch } from 'ofetch';
import { authHeaders, timeZoneHeader } from './headers.ts';
import { redirectToLogin } from './session.ts';

/** Root of every API path; `VITE_API_URL` moves it (README, HTTP contract). */
const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

function onUnauthorized({ response }: { response: Response }) {
  if (response.status === 401) redirectToLogin();
}

/** The client with no prefix: spec paths with their own prefix (/v2, /planning, ...) go here. Sends Time-Zone. */
export const api = ofetch.create({
  baseURL: API_URL,
  onRequest({ options }) {
    options.headers = new Headers(options.headers);
    for (const [name, value] of Object.entries({ ...authHeaders(), ...timeZoneHeader() })) {
      options.headers.set(name, value);
    }
  },
  onResponseError: onUnauthorized,
});

function prefixed(prefix: string) {
  return ofetch.create({
    baseURL: `${API_URL}${prefix}`,
    onRequest({ options }) {
      options.headers = new Headers(options.headers);
      for (const [name, value] of Object.entries(authHeaders())) options.headers.set(name, value);
    },
    onResponseError: onUnauthorized,
  });
}

export const apiV1 = prefixed('/v1');
export const apiV4 = prefixed('/v4');
