import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRS_DEFAULTS, type BrsAirline } from '../../shared/brs-config.ts';
import { applyRulesResponse, clearRules } from '../access/rules.ts';
import { json, type SeenRequest, stubFetch } from '../api/stubFetch.ts';
import Screen from './index.tsx';

const POBEDA: BrsAirline = {
  id: 6,
  name: 'Победа',
  name_ru: 'Победа',
  name_en: 'Pobeda',
  iata_code: 'DP',
  icao_code: 'PBD',
  sirena_code: 'ДР',
  code: 'DP',
  numeric_code: '192',
  is_deleted: false,
  aviacompanyBaggageRegister: null,
};

/** One page holding Pobeda (its settings as `saved`), and whatever `write` answers. */
function serve(write: (request: SeenRequest) => Response) {
  let airline = POBEDA;
  return stubFetch((request) => {
    if (request.path === '/api/aviacompany') {
      return new Response(JSON.stringify([airline]), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-pagination-total-count': '1' },
      });
    }
    const answer = write(request);
    if (answer.status === 200)
      answer
        .clone()
        .json()
        .then((saved) => {
          airline = { ...airline, aviacompanyBaggageRegister: saved };
        });
    return answer;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearRules();
});

describe('without the rules', () => {
  it('lists the airlines without their settings and without edit buttons', async () => {
    const seen = serve(() => json(500, {}));
    render(<Screen />);
    await screen.findByText('Победа');
    expect(seen[0].query).not.toContain('expand');
    expect(screen.queryByRole('button', { name: /Настроить/ })).toBeNull();
  });
});

describe('with the edit rule', () => {
  it('searches, shows the error under the field, creates the settings and shows them in the row', async () => {
    applyRulesResponse(['edit-settings-baggage-aviacompany']);
    const seen = serve((request) =>
      json(200, { id: 9, aviacompany_id: 6, ...(request.body as object), version: '1' }),
    );
    const user = userEvent.setup();
    render(<Screen />);
    await user.type(screen.getByRole('searchbox', { name: 'Поиск авиакомпании' }), 'pbd');
    await waitFor(() => expect(seen.at(-1)?.query).toContain('filter[or][][icao_code][like]=pbd'));
    expect(seen.at(-1)?.query).toContain('expand=aviacompanyBaggageRegister');
    await user.click(await screen.findByRole('button', { name: 'Настроить: Победа' }));
    const form = screen.getByRole('form', { name: 'Настройки БРС: Победа' });
    await user.click(within(form).getByRole('switch', { name: 'БРС включена' }));
    const pieces = within(form).getByLabelText('Макс. мест на пассажира');
    await user.clear(pieces);
    await user.type(pieces, '25');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(within(form).getByText('Ожидается целое число от 1 до 20')).toBeTruthy();
    await user.clear(pieces);
    await user.type(pieces, '4');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    const create = seen.find((request) => request.method === 'POST');
    expect(create?.path).toBe('/api/brs/api/v1/aviacompany-baggage-register/create');
    expect(create?.body).toEqual({ aviacompany_id: 6, ...BRS_DEFAULTS, is_enabled: true, max_bag_pieces: 4 });
    const row = screen.getByRole('row', { name: /Победа/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Победа',
      'DP',
      'PBD',
      'ДР',
      'включена',
      'нет',
      'нет',
      '32',
      '4',
      '20',
      'Загружать последними',
      'Допуск агентом',
      'Изменить',
    ]);
  });
});
