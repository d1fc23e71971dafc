import { describe, expect, it } from 'vitest';
import { z } from '../../shared/messages.ts';
import {
  ApiError,
  CLIENT_MESSAGES,
  fieldMessage,
  formMessage,
  parseApiError,
  zodFieldErrors,
} from './errors.ts';

/** An ofetch-like error: what `FetchError` carries once an answer arrived. */
function answered(status: number, data: unknown) {
  return Object.assign(new Error(`[POST] "/api/x": ${status}`), { status, data });
}

describe('when a call fails with an answer', () => {
  it('keeps the message and fields of a 422 body', () => {
    const failure = parseApiError(
      answered(422, {
        message: 'Проверьте заполнение полей',
        fields: { 'service.name_ru': ['Обязательно'] },
      }),
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.message).toBe('Проверьте заполнение полей');
    expect(failure.fields).toEqual({ 'service.name_ru': ['Обязательно'] });
    expect(failure.status).toBe(422);
  });

  it('keeps the message of any status and gives no fields when none came', () => {
    const failure = parseApiError(answered(401, { message: 'Неверный логин или пароль' }));
    expect(failure).toMatchObject({ message: 'Неверный логин или пароль', fields: {}, status: 401 });
  });

  it('reads a field given as one string as a list of one', () => {
    expect(parseApiError(answered(409, { message: 'Конфликт', fields: { name: 'Занято' } })).fields).toEqual({
      name: ['Занято'],
    });
  });

  it('says what the status means when the body is an HTML page or plain text', () => {
    expect(parseApiError(answered(502, '<html>Bad Gateway</html>'))).toMatchObject({
      message: 'Внутренняя ошибка сервера',
      fields: {},
      status: 502,
    });
    expect(parseApiError(answered(403, 'Forbidden')).message).toBe('Недостаточно прав для этого действия');
    expect(parseApiError(answered(400, undefined)).message).toBe('Некорректный запрос');
  });

  it('keeps a good message when the fields are malformed, dropping the fields', () => {
    const failure = parseApiError(answered(422, { message: 'Ошибка', fields: { name: [1, 2] } }));
    expect(failure).toMatchObject({ message: 'Ошибка', fields: {} });
  });

  it('falls back to the status message when the message is blank', () => {
    expect(parseApiError(answered(404, { message: '  ' })).message).toBe('Не найдено');
  });
});

describe('when a call fails without an answer', () => {
  it('calls a network failure by its name', () => {
    const failure = parseApiError(
      Object.assign(new Error('[GET] "/api/x": <no response> Failed to fetch'), { status: undefined }),
    );
    expect(failure).toMatchObject({ message: CLIENT_MESSAGES.network, fields: {}, status: null });
    expect(parseApiError(new TypeError('Failed to fetch')).message).toBe(CLIENT_MESSAGES.network);
  });

  it('calls an answer refused by its schema a bad answer', () => {
    const refused = z.object({ demo: z.boolean() }).safeParse({ demo: 'yes' });
    expect(parseApiError(refused.error).message).toBe(CLIENT_MESSAGES.badAnswer);
  });

  it('passes an ApiError through unchanged', () => {
    const failure = new ApiError('Уже разобрано', { a: ['b'] }, 409);
    expect(parseApiError(failure)).toBe(failure);
  });
});

describe('when a form shows errors', () => {
  it('keys a client-side check by dotted path, as the server does', () => {
    const schema = z.object({ service: z.object({ name_ru: z.string().min(1, 'Пусто') }), code: z.string() });
    const result = schema.safeParse({ service: { name_ru: '' } });
    const fields = zodFieldErrors(result.error!);
    expect(fields['service.name_ru']).toEqual(['Пусто']);
    expect(Object.keys(fields)).toEqual(['service.name_ru', 'code']);
  });

  it('joins the messages of one control and answers null for a clean control', () => {
    expect(fieldMessage({ a: ['Первое', 'Второе'] }, 'a')).toBe('Первое; Второе');
    expect(fieldMessage({ a: [] }, 'a')).toBeNull();
    expect(fieldMessage({}, 'b')).toBeNull();
  });

  it('shows the general message only when no field error sits under one of its controls', () => {
    const placed = { message: 'Проверьте заполнение полей', fields: { newPassword: ['Коротко'] } };
    expect(formMessage(placed, ['currentPassword', 'newPassword'])).toBeNull();
    const unplaced = { message: 'Проверьте заполнение полей', fields: { other: ['Что-то'] } };
    expect(formMessage(unplaced, ['currentPassword', 'newPassword'])).toBe('Проверьте заполнение полей');
    expect(formMessage(null, ['a'])).toBeNull();
  });
});
