import { describe, expect, it } from 'vitest';
import { GRID_LOAD_FAILED, loadErrorMessage } from './gridError.ts';

describe('when a list call fails', () => {
  it('takes the message of a JSON error answer', () => {
    expect(loadErrorMessage({ statusCode: 400, data: { message: 'Неизвестная сортировка: code' } })).toBe(
      'Неизвестная сортировка: code',
    );
  });

  it('reads the parsed body from the response when the error carries no data', () => {
    expect(loadErrorMessage({ response: { _data: { message: 'Недостаточно прав' } } })).toBe(
      'Недостаточно прав',
    );
  });

  it('takes the text of an error a module’s api.ts has already parsed', () => {
    const parsed = Object.assign(new Error('Сервер недоступен'), {
      name: 'ApiError',
      fields: {},
      status: null,
    });
    expect(loadErrorMessage(parsed)).toBe('Сервер недоступен');
  });

  it('falls back to the Russian generic text for a network error or an answer that is not JSON', () => {
    expect(loadErrorMessage(new TypeError('Failed to fetch'))).toBe(GRID_LOAD_FAILED);
    expect(loadErrorMessage({ statusCode: 502, data: '<html>Bad gateway</html>' })).toBe(GRID_LOAD_FAILED);
    expect(loadErrorMessage({ data: { message: '  ' } })).toBe(GRID_LOAD_FAILED);
    expect(loadErrorMessage(undefined)).toBe(GRID_LOAD_FAILED);
  });
});
