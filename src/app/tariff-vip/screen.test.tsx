import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { PARENT_ACCESS_TYPE_ID, type VipField } from '../../shared/tariff-vip.ts';
import { applyRulesResponse, clearRules } from '../access/rules.ts';
import { json, onePage, type SeenRequest, stubFetch } from '../api/stubFetch.ts';
import Screen from './index.tsx';

const named = (id: number, name: string) => ({ id, name });

const ROW: VipField = {
  id: 42,
  name: 'lounge_parent',
  description: 'Зал по родителю',
  is_guest_count: true,
  use_parent_access_type: null,
  vipFieldServiceHalls: [{ service_halls_id: 1, service_halls: named(1, 'Бизнес-зал') }],
  vipFieldPassengerCategory: [{ passenger_category_id: 1, passenger_category: named(1, 'Взрослый') }],
  vipFieldTravelClass: [],
  vipFieldAviacompany: [
    { aviacompany_id: 5, aviacompany: named(5, 'Аэрофлот') },
    { aviacompany_id: 6, aviacompany: named(6, 'Победа') },
  ],
  vipFieldDirection: [{ direction_id: 1, direction: named(1, 'Вылет') }],
  vipFieldFlightClass: [{ flight_class_id: 1, flight_class: named(1, 'Регулярный') }],
  vipFieldFlightType: [{ flight_type_id: 1, flight_type: named(1, 'Внутренний') }],
  vipFieldHallAccessType: [{ vip_hall_access_type_id: 1, vip_hall_access_type: named(1, 'По билету') }],
  vipFieldLoyaltyCardType: [],
  vipFieldHallCardBankType: [],
  vipFieldHallPayType: [{ vip_hall_pay_type_id: 1, vip_hall_pay_type: named(1, 'Наличные') }],
  version: '1543',
};

/** The server of this screen: reference lists, one page with ROW, and whatever `write` answers. */
function serve(write: (request: SeenRequest) => Response = () => json(200, ROW)) {
  return stubFetch((request) => {
    if (request.path === '/api/v2/vip-hall-access-type')
      return json(200, [named(1, 'По билету'), named(PARENT_ACCESS_TYPE_ID, 'По родителю')]);
    if (request.path === '/api/v2/aviacompany')
      return json(200, [
        {
          ...named(5, 'Аэрофлот'),
          name_ru: 'Аэрофлот',
          name_en: 'Aeroflot',
          iata_code: 'SU',
          icao_code: 'AFL',
        },
      ]);
    if (request.path.startsWith('/api/v2/')) return json(200, [named(1, 'Вариант')]);
    if (request.path === '/api/tariff/vip-field' && request.method === 'GET') {
      return onePage([ROW]);
    }
    return write(request);
  });
}

beforeEach(() => window.history.replaceState(null, '', '/tariff/vip-passenger'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearRules();
});

describe('the grid', () => {
  it('joins names by commas, shows a dash for an empty list and yes/no/dash flags', async () => {
    serve();
    render(<Screen />);
    const table = await screen.findByRole('table', { name: 'VIP-расчёты' });
    const row = await within(table).findByText('lounge_parent');
    const cells = within(row.closest('[role="row"]') as HTMLElement).getAllByRole('cell');
    const texts = cells.map((cell) => cell.textContent);
    expect(texts).toContain('Аэрофлот, Победа');
    expect(texts[4]).toBe('—');
    expect(texts[10]).toBe('—');
    expect(texts[14]).toBe('Да');
  });

  it('sends a link filter as filter[key][] and the yes/no filter as 1', async () => {
    const seen = serve();
    const user = userEvent.setup();
    render(<Screen />);
    await screen.findByText('lounge_parent');
    await user.click(screen.getByRole('combobox', { name: 'Фильтр: Пассажир-гость' }));
    await user.click(await screen.findByRole('option', { name: 'Да' }));
    await waitFor(() => expect(seen.at(-1)?.query).toContain('filter[is_guest_count]=1'));
    await user.click(screen.getByRole('combobox', { name: 'Фильтр: Авиакомпания' }));
    await user.click(await screen.findByRole('option', { name: 'Аэрофлот' }));
    await waitFor(() => expect(seen.at(-1)?.query).toContain('filter[aviacompany_id]=5'));
  });

  it('shows neither the add button nor row actions without the rules', async () => {
    serve();
    render(<Screen />);
    await screen.findByText('lounge_parent');
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Действия/ })).toBeNull();
  });
});

describe('with the tariff rules', () => {
  beforeEach(() =>
    applyRulesResponse(['tariff-vip-field-create', 'tariff-vip-field-update', 'tariff-vip-field-delete']),
  );

  it('puts the required errors under their fields and shows the parent checkbox with access type 7', async () => {
    const seen = serve();
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(await screen.findByRole('button', { name: 'Добавить' }));
    const dialog = screen.getByRole('dialog', { name: 'Добавить расчёт' });
    expect(dialog).toHaveStyle({ width: '600px' });
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByLabelText('Поле JSON')).toHaveAccessibleDescription(MESSAGES.required);
    expect(within(dialog).getByRole('combobox', { name: 'Авиакомпания' })).toHaveAccessibleDescription(
      MESSAGES.required,
    );
    expect(
      within(dialog).getByRole('combobox', { name: 'Карта лояльности' }),
    ).not.toHaveAccessibleDescription(MESSAGES.required);
    expect(within(dialog).queryByLabelText('Использовать тип допуска родителя')).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Тип допуска' }));
    await user.click(await screen.findByRole('option', { name: 'По родителю' }));
    expect(within(dialog).getByLabelText('Использовать тип допуска родителя')).not.toBeChecked();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('submits on Enter in the last checkbox', async () => {
    const seen = serve();
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(await screen.findByRole('button', { name: 'Добавить' }));
    const dialog = screen.getByRole('dialog', { name: 'Добавить расчёт' });
    fireEvent.keyDown(within(dialog).getByLabelText('Учитывать как гостя'), { key: 'Enter' });
    expect(within(dialog).getByLabelText('Поле JSON')).toHaveAccessibleDescription(MESSAGES.required);
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('asks about the named field before deleting and deletes by id', async () => {
    const seen = serve(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(await screen.findByRole('button', { name: 'Действия: lounge_parent' }));
    const remove = await screen.findByRole('menuitem', { name: 'Удалить' });
    expect(remove).toHaveClass('w-menu__item--danger');
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', {
      name: 'Вы уверены, что хотите удалить поле «lounge_parent»?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(seen.filter((request) => request.method === 'DELETE')).toMatchObject([
      { path: '/api/tariff/vip-field/42' },
    ]);
  });
});
