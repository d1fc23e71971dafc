/**
 * Request body limits, in bytes. Parsing a body runs on the HTTP thread, so a limit bounds how long one request can
 * hold it (10 MB of nested JSON took 1.8 s, security review of session 9): small by default, larger only on the routes
 * whose bodies need it, smallest on the routes that answer without a session.
 */

/** Every route unless it says otherwise: 100,000 flight ids of an export take about 700 KB. */
export const BODY_LIMIT = 1024 * 1024;

/** A vacation plan for the planner's 5,000 employees with their days (preview and save). */
export const LARGE_BODY_LIMIT = 8 * 1024 * 1024;

/** Login and password change: two short strings. */
export const CREDENTIALS_BODY_LIMIT = 4 * 1024;

/** Form data of the flight table: 2,000 ids take about 200 KB. */
export const MULTIPART_BODY_LIMIT = 1024 * 1024;
