import { ofetch } from 'ofetch';
import { authHeaders, timeZoneHeader } from './headers.ts';
import { redirectToLogin } from './session.ts';

/** Root of every API path; `VITE_API_URL` moves it (README, HTTP contract). */
const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

function onUnauthorized({ response }: { response: Response }) {
  if (response.status === 401) redirectToLogin();
}

/**
 * A client under `API_URL` + `prefix`, sending the bearer token and `Time-Zone`. Spec 7.1 has only the unprefixed
 * client send the zone; the /v1 one sends it too, because /v1/race answers wall-clock times: without the header the
 * flight table showed Moscow times to a user who chose Vladivostok (docs/DECISIONS.md, "Time zone on every client").
 */
function prefixed(prefix: string) {
  return ofetch.create({
    baseURL: `${API_URL}${prefix}`,
    onRequest({ options }) {
      options.headers = new Headers(options.headers);
      for (const [name, value] of Object.entries({ ...authHeaders(), ...timeZoneHeader() })) {
        options.headers.set(name, value);
      }
    },
    onResponseError: onUnauthorized,
  });
}

/** The client with no prefix: spec paths with their own prefix (/v2, /planning, ...) go here. */
export const api = prefixed('');
export const apiV1 = prefixed('/v1');
export const apiV4 = prefixed('/v4');
