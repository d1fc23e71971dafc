import { z } from 'zod';

/** Russian texts shared by client and server (spec 8 and ARCHITECTURE.md section 4). */
export const MESSAGES = {
  required: 'Поле обязательно для заполнения',
  requiredInline: 'Заполните данное поле',
  nothingFound: 'Ничего не найдено',
  loginFailed: 'Неверный логин или пароль',
  unauthorized: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав для этого действия',
  notFound: 'Не найдено',
  malformed: 'Некорректный запрос',
  validation: 'Проверьте заполнение полей',
  tooManyLogins: 'Слишком много попыток входа. Повторите через минуту',
  serverError: 'Внутренняя ошибка сервера',
  unknownFilter: (key: string) => `Неизвестный фильтр: ${key}`,
  unknownSort: (key: string) => `Неизвестная сортировка: ${key}`,
} as const;

z.config(z.locales.ru());

export { z };
