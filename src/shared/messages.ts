import { z } from 'zod';

/** Russian texts shared by client and server (spec 8 and README, HTTP contract). */
export const MESSAGES = {
  required: 'Поле обязательно для заполнения',
  nothingFound: 'Ничего не найдено',
  loginFailed: 'Неверный логин или пароль',
  unauthorized: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав для этого действия',
  notFound: 'Не найдено',
  malformed: 'Некорректный запрос',
  validation: 'Проверьте заполнение полей',
  tooManyLogins: 'Слишком много попыток входа. Повторите через минуту',
  serverError: 'Внутренняя ошибка сервера',
  bodyTooLarge: 'Слишком большой запрос',
  timedOut: 'Сервер не успел ответить. Повторите запрос позже',
  databaseDown: 'База данных недоступна. Повторите запрос позже',
  headersTooLarge: 'Слишком большие заголовки запроса',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого',
  badJson: 'Некорректный JSON в теле запроса',
  jsonTooDeep: 'Слишком глубокая вложенность JSON',
  unknownTimeZone: 'Неизвестный часовой пояс',
  wholeList: 'Список выдаётся целиком, без страниц',
  badUrl: 'Некорректная кодировка адреса',
  controlCharacters: 'Недопустимые управляющие символы',
  lineBreaks: 'Текст должен быть в одну строку',
  idRange: 'Ожидается целое число от 1 до 2147483647',
  positiveWhole: 'Ожидается целое число больше 0',
  periodBothBounds: 'Укажите начало и конец периода',
  periodReversed: 'Конец периода раньше начала',
  periodTooLong: (days: number) => `Период не может быть длиннее ${days} дней`,
  wallClockFormat: 'Ожидается YYYY-MM-DD HH:mm:ss',
  unknownFilter: (key: string) => `Неизвестный фильтр: ${key}`,
  unknownSort: (key: string) => `Неизвестная сортировка: ${key}`,
  wholeRange: (min: number, max: number) => `Ожидается целое число от ${min} до ${max}`,
  maxValue: (max: number, unit = '') => `Максимальное значение ${max}${unit}`,
  unknownIds: (ids: readonly number[]) => `Не найдены: ${ids.join(', ')}`,
  notAScale: 'Ожидается период одного из масштабов шкалы',
  dateFormat: 'Ожидается YYYY-MM-DD',
  timesPair: 'Укажите начало и конец периода: times[]=начало&times[]=конец',
  calcNotFound: 'Расчёт не найден',
  taskNotFound: 'Задача не найдена',
  staleEdit: 'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения',
  rowVersionFormat: 'Ожидается версия записи из ответа сервера (число)',
} as const;

// Russian texts for zod's own messages; a value that is missing altogether reads as the catalogue's «required»
// (zod's «ожидалось string, получено undefined» means nothing to a user). A schema's own message still wins.
z.config({
  ...z.locales.ru(),
  // A literal or an enum reports an absent value as `invalid_value`, not `invalid_type`.
  customError: (issue) =>
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined
      ? MESSAGES.required
      : undefined,
});

export { z };
