import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { moscowDay } from './clock.ts';
import { expect, test } from './fixtures.ts';

interface FlightItem {
  id: number;
}
interface BagItem {
  id: number;
  tag: string;
  status: string;
}

/** A token of the admin for the API calls that find a flight to work on. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login: 'admin', password: 'admin' } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** A day as the calendar names its cell: '24 ноября 2026'. */
function dayLabel(day: string): string {
  const format = new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(`${day}T12:00:00Z`)).replace(/\s*г\.$/, '');
}

/**
 * The first of today's departures (then yesterday's) whose bags `pick` finds something in, and what it found, through
 * the API. The demo's bags depend on the day and the hour, so a test names what it needs rather than a flight.
 */
async function flightWhere<B extends BagItem, T>(
  request: APIRequestContext,
  pick: (bags: B[]) => T | undefined,
  what: string,
): Promise<{ flightId: number; found: T }> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}`, 'Time-Zone': 'Europe/Moscow' };
  for (const day of [moscowDay(), moscowDay(-1)]) {
    const res = await request.get('/api/flights', {
      headers,
      params: { 'filter[date]': day, 'filter[direction_id]': 1, 'per-page': 100 },
    });
    expect(res.status()).toBe(200);
    for (const flight of (await res.json()) as FlightItem[]) {
      const page = await request.get(`/api/baggage/flight/${flight.id}`, { headers });
      expect(page.status()).toBe(200);
      const found = pick((await page.json()).baggage as B[]);
      if (found !== undefined) return { flightId: flight.id, found };
    }
  }
  throw new Error(`no departure of today or yesterday has ${what}`);
}

/** The first of today's departures (then yesterday's) with a mishandled bag. */
async function flightWithMishandledBag(
  request: APIRequestContext,
): Promise<{ flightId: number; bag: BagItem }> {
  const { flightId, found } = await flightWhere(
    request,
    (bags: BagItem[]) => bags.find((item) => item.status === 'mishandled'),
    'a mishandled bag',
  );
  return { flightId, bag: found };
}

test('a mishandled bag is forwarded on another flight under a new rush tag that prints to a PDF', async ({
  page,
  consoleErrors,
}) => {
  const { flightId, bag } = await flightWithMishandledBag(page.request);
  await page.goto(`/baggage/flight/${flightId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Срочный багаж');
  const bags = page.getByRole('grid', { name: 'Багаж рейса' });
  const row = bags.getByRole('row').filter({ hasText: bag.tag });
  await expect(row).toContainText('Неотправлен');
  // Flight numbers in the route are written as the flight table writes them: «DP 254 SVO 23.11».
  await expect(row.locator('.rush-bags__route')).toHaveText(/^[A-ZА-Я0-9]{2,3} \d{1,4}[A-Z]? \S+ \d\d\.\d\d/);
  // The bag's first stop: the airport of its route's first leg.
  const stop = ((await row.locator('.rush-bags__route').textContent()) ?? '').split(' ')[2];

  await row.getByRole('checkbox', { name: `Выбрать багаж ${bag.tag}` }).check();
  // A bag not yet forwarded has no rush tag to print again, and the button says so.
  await expect(page.getByRole('button', { name: 'Печать бирок' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Печать бирок' })).toHaveAccessibleDescription(
    'У выбранных сумок нет бирок досылки',
  );
  await page.getByRole('button', { name: 'Досылка', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Досылка багажа' });
  await expect(modal.getByText(bag.tag).first()).toBeVisible();
  // An untouched form closes at once on Esc.
  await expect(modal.getByRole('textbox', { name: 'Номер акта' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Досылка', exact: true }).click();
  await expect(modal.getByText(bag.tag).first()).toBeVisible();

  // Sending without a rush flight names the missing fields under them.
  await modal.getByRole('button', { name: 'Отправить' }).click();
  await expect(modal.getByRole('combobox', { name: 'Рейс досылки' })).toHaveAttribute('aria-invalid', 'true');

  // Tomorrow's departures have not left yet whatever the hour the suite runs at.
  await modal.getByRole('button', { name: 'Дата рейса досылки' }).click();
  const calendar = page.getByRole('dialog', { name: 'Дата рейса досылки' });
  const tomorrowCell = calendar.getByRole('button', { name: dayLabel(moscowDay(1)), exact: true });
  if (!(await tomorrowCell.isVisible()))
    await calendar.getByRole('button', { name: 'Следующий месяц' }).click();
  await tomorrowCell.click();
  await calendar.getByRole('button', { name: 'Применить' }).click();
  await expect(calendar).toBeHidden();

  await modal.getByRole('combobox', { name: 'Рейс досылки' }).click();
  const flights = page.getByRole('listbox', { name: 'Рейс досылки' });
  await expect(flights.getByRole('option').first()).toBeVisible();
  // A flight elsewhere than the bag's first stop adds a blank onward leg to that stop and says so; the bag is to stay at the flight's destination here, so the
  // leg goes, and the warning with it.
  await flights.getByRole('option').filter({ hasNotText: stop }).first().click();
  await expect(modal.getByRole('combobox', { name: 'Рейс досылки' })).not.toHaveAttribute('aria-invalid');
  const detour = modal.getByRole('status').filter({ hasText: 'Рейс досылки летит в' });
  await expect(detour).toContainText(`а багаж следовал в ${stop}:`);
  await expect(modal.getByRole('combobox', { name: 'Аэропорт участка 2' })).toContainText(stop);
  await expect(modal.getByRole('textbox', { name: 'Рейс участка 2' })).toHaveValue('');
  await modal.getByRole('button', { name: 'Удалить участок 2' }).click();
  await expect(detour).toBeHidden();

  await modal.getByRole('combobox', { name: 'Код причины' }).click();
  await page.getByRole('searchbox', { name: 'Поиск: Код причины' }).fill('11');
  const codes = page.getByRole('listbox', { name: 'Код причины' });
  await expect(codes.getByRole('option').first()).toContainText('11');
  await codes.getByRole('option').first().click();

  await modal.getByRole('textbox', { name: 'Номер акта' }).fill('АКТ-1');
  // With input typed, Esc and «Отмена» ask first; going on editing keeps every field.
  await page.keyboard.press('Escape');
  const question = page.getByRole('alertdialog', { name: 'Закрыть форму?' });
  await expect(question).toContainText('Введённые данные не сохранятся.');
  await question.getByRole('button', { name: 'Продолжить редактирование' }).click();
  await expect(question).toBeHidden();
  await modal.getByRole('button', { name: 'Отмена' }).click();
  await question.getByRole('button', { name: 'Продолжить редактирование' }).click();
  await expect(modal.getByRole('textbox', { name: 'Номер акта' })).toHaveValue('АКТ-1');
  await modal.getByRole('button', { name: 'Добавить адрес' }).click();
  await modal.getByRole('textbox', { name: 'Адрес 1' }).fill('not-an-address');
  await modal.getByRole('button', { name: 'Отправить' }).click();
  await expect(modal.getByText('Некорректный адрес электронной почты')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Адрес 1' }).fill('lost-and-found@kzn.aero');

  await modal.getByRole('button', { name: 'Отправить' }).click();
  const created = modal.getByRole('table', { name: 'Новые бирки' });
  await expect(created).toBeVisible();
  const newTag = (await created.locator('.rush-created__tag').first().textContent()) ?? '';
  expect(newTag).toMatch(/^2\d{9}$/);
  await expect(created.locator('.rush-created__tag')).toHaveCount(1);

  await modal.getByRole('button', { name: 'Печать' }).click();
  const print = page.getByRole('dialog', { name: 'Печать багажной бирки' });
  const printer = print.getByRole('combobox', { name: 'Принтер' });
  await expect(printer).toBeEnabled();
  if ((await printer.textContent())?.includes('Выберите')) {
    await printer.click();
    await page.getByRole('listbox', { name: 'Принтер' }).getByRole('option').first().click();
  }
  const template = print.getByRole('combobox', { name: 'Шаблон печати' });
  if ((await template.textContent())?.includes('Выберите')) {
    await template.click();
    await page.getByRole('listbox', { name: 'Шаблон печати' }).getByRole('option').first().click();
  }
  await print.getByRole('button', { name: 'Печать' }).click();
  const link = print.getByRole('link', { name: 'Скачать PDF' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  // Named by the tag it holds, what the user later looks for (the one bag's one new tag).
  expect(download.suggestedFilename()).toBe(`Бирка досылки ${newTag}.pdf`);
  const file = await readFile((await download.path()) as string);
  expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The footer's «Закрыть», not the header's × of the same name.
  await print.getByRole('contentinfo').getByRole('button', { name: 'Закрыть' }).click();
  await expect(print).toBeHidden();
  await modal.getByRole('contentinfo').getByRole('button', { name: 'Закрыть' }).click();
  await expect(modal).toBeHidden();
  // The list reloads: the bag is now forwarded and shows its new tag.
  await expect(row).toContainText('Отправлен досылкой');
  await expect(row).toContainText(newTag);

  // The forwarded bag's tags print again from the list (a jammed printer, a lost label).
  const reprint = page.getByRole('button', { name: 'Печать бирок' });
  const checkbox = row.getByRole('checkbox', { name: `Выбрать багаж ${bag.tag}` });
  if (!(await checkbox.isChecked())) await checkbox.check();
  await expect(reprint).toBeEnabled();
  await reprint.click();
  const again = page.getByRole('dialog', { name: 'Печать багажной бирки' });
  await expect(again.getByRole('combobox', { name: 'Принтер' })).toBeEnabled();
  await again.getByRole('button', { name: 'Отмена' }).click();
  await expect(again).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

interface RouteBag extends BagItem {
  baggageRoute: {
    aviacompany_id: number;
    airport_id: number;
    flight_number: string;
    number_in_route: number;
    date: string;
  }[];
  minorBaggage: { tag: string }[];
}

/** A route as comparable text: its legs in order without their ids. */
const routeText = (bag: RouteBag) =>
  JSON.stringify(
    [...bag.baggageRoute]
      .sort((a, b) => a.number_in_route - b.number_in_route)
      .map((leg) => [leg.aviacompany_id, leg.airport_id, leg.flight_number, leg.date]),
  );

test('bags checked on different routes cannot go in one rush: the form says so and holds «Отправить» back', async ({
  page,
  consoleErrors,
}) => {
  // Two bags of different routes among the first rows, the ones drawn without scrolling the list.
  const { flightId, found } = await flightWhere(
    page.request,
    (listed: RouteBag[]) => {
      const [first] = listed;
      const other = listed.slice(1, 6).find((bag) => routeText(bag) !== routeText(first));
      return first && other ? { first, other } : undefined;
    },
    'bags of two routes among its first rows',
  );
  const { first, other } = found;
  await page.goto(`/baggage/flight/${flightId}`);
  const bags = page.getByRole('grid', { name: 'Багаж рейса' });
  for (const bag of [first, other])
    await bags.getByRole('checkbox', { name: `Выбрать багаж ${bag.tag}` }).check();
  await page.getByRole('button', { name: 'Досылка', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Досылка багажа' });
  const mixed = modal.getByText('У выбранных сумок разные маршруты: отправьте их отдельными досылками');
  await expect(mixed).toBeVisible();
  const send = modal.getByRole('button', { name: 'Отправить' });
  await expect(send).toBeDisabled();

  // Leaving the first bag and its minor pieces out leaves one route: the message goes, «Отправить» is back.
  for (const tag of [first.tag, ...first.minorBaggage.map((piece) => piece.tag)])
    await modal.getByRole('checkbox', { name: tag }).uncheck();
  await expect(mixed).toBeHidden();
  await expect(send).toBeEnabled();
  await modal.getByRole('button', { name: 'Отмена' }).click();
  await expect(modal).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('spare tags of the flight’s carrier are issued, checked first, and go to the print modal', async ({
  page,
  consoleErrors,
}) => {
  const { flightId } = await flightWithMishandledBag(page.request);
  await page.goto(`/baggage/flight/${flightId}`);
  // Nothing chosen, nothing forwarded: no tag to print again.
  await expect(page.getByRole('button', { name: 'Печать бирок' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Печать бирок' })).toHaveAccessibleDescription(
    'Выберите отправленные досылкой сумки',
  );
  await page.getByRole('button', { name: 'Новые бирки' }).click();
  const modal = page.getByRole('dialog', { name: 'Новые бирки' });
  await expect(modal.getByRole('combobox', { name: 'Авиакомпания' })).not.toHaveText(/Выберите/);
  const count = modal.getByRole('textbox', { name: 'Количество бирок' });
  await count.fill('0');
  await modal.getByRole('button', { name: 'Получить' }).click();
  await expect(modal.getByText('Целое число от 1 до 100')).toBeVisible();
  await count.fill('2');
  await modal.getByRole('button', { name: 'Получить' }).click();
  const tags = modal.getByRole('table', { name: 'Новые бирки' }).locator('.rush-created__tag');
  await expect(tags).toHaveCount(2);
  const [first, second] = await tags.allTextContents();
  expect(first).toMatch(/^2\d{9}$/);
  expect(second).toMatch(/^2\d{9}$/);
  expect(second).not.toBe(first);
  await modal.getByRole('button', { name: 'Печать' }).click();
  const print = page.getByRole('dialog', { name: 'Печать багажной бирки' });
  await expect(print.getByRole('combobox', { name: 'Принтер' })).toBeEnabled();
  await print.getByRole('button', { name: 'Отмена' }).click();
  await expect(print).toBeHidden();
  await modal.getByRole('contentinfo').getByRole('button', { name: 'Закрыть' }).click();
  await expect(modal).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
