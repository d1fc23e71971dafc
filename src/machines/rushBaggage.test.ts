import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type {
  Baggage,
  FlightBaggage,
  FlightSearchItem,
  RushAnswer,
  RushPayload,
} from '../shared/rush-baggage.ts';
import { RUSH_MESSAGES } from '../shared/rush-baggage.ts';
import { hasUnsavedDraft, rushBaggageMachine } from './rushBaggage.ts';
import { type Directory, mixedRoutes, type RushDraft, rushDetour } from './rushDraft.ts';

const KZN = { id: 1, name: 'Казань', iata_code: 'KZN' };
const SVO = { id: 2, name: 'Шереметьево', iata_code: 'SVO' };
const LED = { id: 3, name: 'Пулково', iata_code: 'LED' };

const FLIGHT: FlightSearchItem = {
  id: 500,
  flight_number: '1263',
  aviacompany_id: 7,
  flight_number_symbol: 'SU 1263',
  direction_id: 1,
  plan_departure_datetime: '2026-11-23 10:15:00',
  calc_departure_datetime: null,
  fact_departure_datetime: null,
  plan_arrival_datetime: '2026-11-23 11:45:00',
  departure_airport: KZN,
  arrival_airport: SVO,
  aviacompany: { id: 7, name: 'Аэрофлот', code: 'SU' },
};

const RUSH_FLIGHT: FlightSearchItem = {
  ...FLIGHT,
  id: 501,
  flight_number: '1265',
  flight_number_symbol: 'SU 1265',
  plan_departure_datetime: '2026-11-23 18:40:00',
};

const BAG: Baggage = {
  id: 10,
  name: 'IVANOV/IVAN',
  tag: '0555123456',
  flight_id: 500,
  aviacompany_id: 7,
  status: 'mishandled',
  baggageRoute: [
    { id: 1, aviacompany_id: 7, airport_id: 3, flight_number: '30', number_in_route: 2, date: '2026-11-23' },
    {
      id: 2,
      aviacompany_id: 7,
      airport_id: 2,
      flight_number: '1263',
      number_in_route: 1,
      date: '2026-11-23',
    },
  ],
  new_tag: null,
  new_tag_id: null,
  minorBaggage: [{ id: 20, tag: '0555123457', new_tag: null, new_tag_id: null }],
};

const OTHER_BAG: Baggage = { ...BAG, id: 11, tag: '0555999999', status: 'loaded', minorBaggage: [] };

const PAGE: FlightBaggage = { flight: FLIGHT, baggage: [BAG, OTHER_BAG] };
const DIRECTORY: Directory = { airports: { 1: 'KZN', 2: 'SVO', 3: 'LED' }, airlines: { 7: 'SU' } };

const ANSWER: RushAnswer = {
  id: 1,
  baggage: [
    {
      ...BAG,
      status: 'rushed',
      new_tag: '2555000001',
      new_tag_id: 1,
      minorBaggage: [{ ...BAG.minorBaggage[0], new_tag: '2555000002', new_tag_id: 2 }],
    },
  ],
};

interface Fakes {
  loadFlight?: () => Promise<FlightBaggage>;
  loadRushBags?: (ids: number[]) => Promise<Baggage[]>;
  sendRush?: (payload: RushPayload) => Promise<RushAnswer>;
}

/** The machine on fakes; every call is recorded. */
function start(fakes: Fakes = {}) {
  const calls = { loads: 0, bagLoads: [] as number[][], sends: [] as RushPayload[] };
  const logic = rushBaggageMachine.provide({
    actors: {
      loadFlight: fromPromise(async () => {
        calls.loads += 1;
        return { page: await (fakes.loadFlight ?? (async () => PAGE))(), directory: DIRECTORY };
      }),
      loadRushBags: fromPromise(async ({ input }: { input: { ids: number[] } }) => {
        calls.bagLoads.push(input.ids);
        return (fakes.loadRushBags ?? (async () => [BAG]))(input.ids);
      }),
      sendRush: fromPromise(async ({ input }: { input: RushPayload }) => {
        calls.sends.push(input);
        return (fakes.sendRush ?? (async () => ANSWER))(input);
      }),
    },
  });
  const actor = createActor(logic, { input: { flightId: 500, today: '2026-11-23' } }).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const listed = (actor: Actor) => waitFor(actor, (s) => s.matches('list'));
const editing = (actor: Actor) => waitFor(actor, (s) => s.hasTag('editing'));

/** Opens the modal on the first bag and fills what the draft lacks: rush flight, code. */
async function openFilled(actor: Actor) {
  await listed(actor);
  actor.send({ type: 'BAG.TOGGLE', id: 10 });
  actor.send({ type: 'RUSH.OPEN' });
  await editing(actor);
  actor.send({
    type: 'DRAFT.FLIGHT',
    option: { id: RUSH_FLIGHT.id, name: 'SU 1265', value: RUSH_FLIGHT },
  });
  actor.send({ type: 'DRAFT.CHOOSE', field: 'code', option: { id: 3, name: '11 — пропущена стыковка' } });
}

describe('when the page opens', () => {
  it('is fetching, then lists the flight and its bags', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('fetching')).toBe(true);
    await listed(actor);
    expect(actor.getSnapshot().context.flight?.flight_number_symbol).toBe('SU 1263');
    expect(actor.getSnapshot().context.bags.map((bag) => bag.id)).toEqual([10, 11]);
  });

  it('shows the server text when the list fails and loads again on retry', async () => {
    let fail = true;
    const { actor, calls } = start({
      loadFlight: async () => {
        if (fail) throw new ApiError('Рейс не найден', {}, 404);
        return PAGE;
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toBe('Рейс не найден');
    fail = false;
    actor.send({ type: 'LOAD.RETRY' });
    await listed(actor);
    expect(calls.loads).toBe(2);
  });
});

describe('when choosing bags', () => {
  it('toggles a bag in and out of the selection', async () => {
    const { actor } = start();
    await listed(actor);
    actor.send({ type: 'BAG.TOGGLE', id: 10 });
    actor.send({ type: 'BAG.TOGGLE', id: 11 });
    actor.send({ type: 'BAG.TOGGLE', id: 10 });
    expect(actor.getSnapshot().context.selected).toEqual([11]);
  });

  it('does not open the rush modal with nothing chosen', async () => {
    const { actor } = start();
    await listed(actor);
    actor.send({ type: 'RUSH.OPEN' });
    expect(actor.getSnapshot().matches('list')).toBe(true);
  });
});

describe('when the rush modal opens', () => {
  it('fetches the chosen bags and starts the draft from the first bag and the page flight', async () => {
    const { actor, calls } = start();
    await listed(actor);
    actor.send({ type: 'BAG.TOGGLE', id: 10 });
    actor.send({ type: 'RUSH.OPEN' });
    expect(actor.getSnapshot().hasTag('fetching')).toBe(true);
    await editing(actor);
    expect(calls.bagLoads).toEqual([[10]]);
    const draft = actor.getSnapshot().context.draft;
    expect(draft?.pieces.map((piece) => [piece.tag, piece.minor, piece.chosen])).toEqual([
      ['0555123456', false, true],
      ['0555123457', true, true],
    ]);
    expect(draft?.airport?.id).toBe(KZN.id);
    expect(draft?.route.map((leg) => [leg.airport?.name, leg.flightNumber])).toEqual([
      ['SVO', '1263'],
      ['LED', '30'],
    ]);
  });

  it('shows the failure and fetches again on retry, or closes back to the list', async () => {
    const { actor, calls } = start({
      loadRushBags: () => Promise.reject(new ApiError('Багаж не найден', {}, 404)),
    });
    await listed(actor);
    actor.send({ type: 'BAG.TOGGLE', id: 10 });
    actor.send({ type: 'RUSH.OPEN' });
    await waitFor(actor, (s) => s.matches({ rush: 'fetchFailed' }));
    expect(actor.getSnapshot().context.message).toBe('Багаж не найден');
    actor.send({ type: 'LOAD.RETRY' });
    await waitFor(actor, (s) => s.matches({ rush: 'fetchFailed' }));
    expect(calls.bagLoads).toHaveLength(2);
    actor.send({ type: 'RUSH.CLOSE' });
    expect(actor.getSnapshot().matches('list')).toBe(true);
  });
});

describe('when editing the draft', () => {
  it('makes the chosen rush flight the first leg of the new route', async () => {
    const { actor } = start();
    await openFilled(actor);
    const route = actor.getSnapshot().context.draft?.route ?? [];
    expect(route[0]).toMatchObject({ flightNumber: '1265', date: '2026-11-23', airport: { id: SVO.id } });
    expect(route[1]).toMatchObject({ flightNumber: '30', airport: { id: LED.id } });
  });

  it('keeps the stop a rush flight elsewhere would lose as a blank onward leg, and says so', async () => {
    const { actor } = start();
    await openFilled(actor);
    expect(rushDetour(actor.getSnapshot().context.draft as RushDraft)).toBeNull();
    const KZN = { ...SVO, id: 1, iata_code: 'KZN', name: 'Казань' };
    const elsewhere = { ...RUSH_FLIGHT, id: 502, flight_number: '1270', arrival_airport: KZN };
    actor.send({ type: 'DRAFT.FLIGHT', option: { id: 502, name: 'SU 1270', value: elsewhere } });
    const draft = actor.getSnapshot().context.draft as RushDraft;
    expect(draft.route.map((leg) => [leg.airport?.id, leg.flightNumber, leg.airline?.id ?? null])).toEqual([
      [1, '1270', 7],
      [SVO.id, '', null],
      [LED.id, '30', 7],
    ]);
    expect(rushDetour(draft)).toBe(
      'Рейс досылки летит в KZN, а багаж следовал в SVO: укажите стыковочный рейс или удалите этот участок',
    );
    // Removed (the bag is to stay there), the leg no longer asks for anything; chosen again, it is back.
    actor.send({ type: 'LEG.REMOVE', index: 1 });
    expect(rushDetour(actor.getSnapshot().context.draft as RushDraft)).toBeNull();
    actor.send({ type: 'DRAFT.FLIGHT', option: { id: 502, name: 'SU 1270', value: elsewhere } });
    expect(rushDetour(actor.getSnapshot().context.draft as RushDraft)).not.toBeNull();
    // Choosing a flight to the bag's own stop again drops the onward leg while it is still blank.
    actor.send({ type: 'DRAFT.FLIGHT', option: { id: RUSH_FLIGHT.id, name: 'SU 1265', value: RUSH_FLIGHT } });
    const back = actor.getSnapshot().context.draft as RushDraft;
    expect(back.route.map((leg) => leg.flightNumber)).toEqual(['1265', '30']);
    expect(rushDetour(back)).toBeNull();
  });

  it('adds and removes legs, numbering the sent legs by their place', async () => {
    const { actor, calls } = start();
    await openFilled(actor);
    actor.send({ type: 'LEG.REMOVE', index: 0 });
    actor.send({ type: 'LEG.ADD' });
    actor.send({ type: 'LEG.SET', index: 1, field: 'airline', value: { id: 7, name: 'SU' } });
    actor.send({ type: 'LEG.SET', index: 1, field: 'airport', value: { id: 1, name: 'KZN' } });
    actor.send({ type: 'LEG.SET', index: 1, field: 'flightNumber', value: '31a' });
    actor.send({ type: 'RUSH.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('created'));
    expect(calls.sends[0].rushBaggageRoute).toEqual([
      { aviacompany_id: 7, airport_id: 3, flight_number: '30', number_in_route: 1, date: '2026-11-23' },
      { aviacompany_id: 7, airport_id: 1, flight_number: '31A', number_in_route: 2, date: '2026-11-23' },
    ]);
  });

  it('refuses to send a draft without a rush flight or a code and names the fields', async () => {
    const { actor, calls } = start();
    await listed(actor);
    actor.send({ type: 'BAG.TOGGLE', id: 10 });
    actor.send({ type: 'RUSH.OPEN' });
    await editing(actor);
    actor.send({ type: 'RUSH.SUBMIT' });
    const { errors } = actor.getSnapshot().context;
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(calls.sends).toEqual([]);
    expect(errors.rush_flight_id).toEqual(['Поле обязательно для заполнения']);
    expect(errors['rushBaggageInfo.rush_baggage_code_id']).toEqual(['Поле обязательно для заполнения']);
  });

  it('refuses a bad e-mail under its own row and clears the error when it is edited', async () => {
    const { actor, calls } = start();
    await openFilled(actor);
    actor.send({ type: 'EMAIL.ADD' });
    actor.send({ type: 'EMAIL.ADD' });
    actor.send({ type: 'EMAIL.SET', index: 0, value: 'lost@kzn.aero' });
    actor.send({ type: 'EMAIL.SET', index: 1, value: 'not-an-address' });
    actor.send({ type: 'RUSH.SUBMIT' });
    expect(calls.sends).toEqual([]);
    expect(actor.getSnapshot().context.errors['emailAddresses.1']).toBeDefined();
    expect(actor.getSnapshot().context.errors['emailAddresses.0']).toBeUndefined();
    actor.send({ type: 'EMAIL.SET', index: 1, value: 'desk@svo.aero' });
    expect(actor.getSnapshot().context.errors['emailAddresses.1']).toBeUndefined();
    actor.send({ type: 'RUSH.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('created'));
    expect(calls.sends[0].emailAddresses).toEqual(['lost@kzn.aero', 'desk@svo.aero']);
  });

  it('refuses a leg date that is not a calendar day with the spec message', async () => {
    const { actor } = start();
    await openFilled(actor);
    actor.send({ type: 'LEG.SET', index: 1, field: 'date', value: '2026-02-30' });
    actor.send({ type: 'RUSH.SUBMIT' });
    expect(actor.getSnapshot().context.errors['rushBaggageRoute.1.date']).toEqual(['Invalid format']);
  });

  it('refuses to send when every piece is left out', async () => {
    const { actor, calls } = start();
    await openFilled(actor);
    actor.send({ type: 'PIECE.TOGGLE', tag: '0555123456' });
    actor.send({ type: 'PIECE.TOGGLE', tag: '0555123457' });
    actor.send({ type: 'RUSH.SUBMIT' });
    expect(calls.sends).toEqual([]);
    expect(actor.getSnapshot().context.errors.baggageRelations).toEqual([
      'Выберите хотя бы одно место багажа',
    ]);
  });

  it('says in Russian how long the act number may be', async () => {
    const { actor, calls } = start();
    await openFilled(actor);
    actor.send({ type: 'DRAFT.TEXT', field: 'actNumber', value: 'А'.repeat(51) });
    actor.send({ type: 'RUSH.SUBMIT' });
    expect(calls.sends).toEqual([]);
    expect(actor.getSnapshot().context.errors['rushBaggageInfo.act_number']).toEqual([
      'Не длиннее 50 символов',
    ]);
  });

  it('says in Russian that the new route needs a leg when its only leg is removed', async () => {
    const { actor, calls } = start();
    await openFilled(actor);
    const legs = actor.getSnapshot().context.draft?.route.length ?? 0;
    for (let index = legs - 1; index >= 0; index -= 1) actor.send({ type: 'LEG.REMOVE', index });
    actor.send({ type: 'RUSH.SUBMIT' });
    expect(calls.sends).toEqual([]);
    expect(actor.getSnapshot().context.errors.rushBaggageRoute).toEqual([
      'Добавьте хотя бы один участок маршрута',
    ]);
  });
});

describe('when sending the rush', () => {
  it('sends the chosen pieces, the info and both routes, then shows the created tags', async () => {
    const { actor, calls } = start();
    await openFilled(actor);
    actor.send({ type: 'PIECE.TOGGLE', tag: '0555123457' });
    actor.send({ type: 'DRAFT.TEXT', field: 'actNumber', value: 'АКТ-7' });
    actor.send({ type: 'RUSH.SUBMIT' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('created'));
    const sent = calls.sends[0];
    expect(sent.baggageRelations).toEqual([{ major_baggage_id: 10, tag: '0555123456' }]);
    expect(sent.rush_flight_id).toBe(501);
    expect(sent.rushBaggageInfo).toMatchObject({
      airport_id: 1,
      rush_baggage_code_id: 3,
      act_number: 'АКТ-7',
    });
    expect(sent.originBaggageRoute.map((leg) => [leg.number_in_route, leg.flight_number])).toEqual([
      [1, '1263'],
      [2, '30'],
    ]);
    expect(actor.getSnapshot().context.answer?.baggage[0].new_tag).toBe('2555000001');
  });

  it('keeps the server field errors under their fields and stays editing', async () => {
    const { actor } = start({
      sendRush: () =>
        Promise.reject(
          new ApiError('Проверьте заполнение полей', { 'rushBaggageRoute.0.date': ['Invalid format'] }, 422),
        ),
    });
    await openFilled(actor);
    actor.send({ type: 'RUSH.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('editing') && s.context.message !== null);
    expect(actor.getSnapshot().context.errors).toEqual({ 'rushBaggageRoute.0.date': ['Invalid format'] });
    expect(actor.getSnapshot().context.message).toBe('Проверьте заполнение полей');
    actor.send({ type: 'LEG.SET', index: 0, field: 'date', value: '2026-11-24' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('reloads the list with the refresh flag when the created modal closes', async () => {
    const { actor, calls } = start();
    await openFilled(actor);
    actor.send({ type: 'RUSH.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('created'));
    actor.send({ type: 'RUSH.CLOSE' });
    expect(actor.getSnapshot().hasTag('refresh')).toBe(true);
    await listed(actor);
    expect(calls.loads).toBe(2);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });
});

describe('when the chosen bags were checked on different routes', () => {
  /** Checked to SVO only, where BAG goes on to LED: the reviewer's FILIPPOV (PEK) beside VOROBEV (PEK → GYD). */
  const SHORT_BAG: Baggage = {
    ...BAG,
    id: 12,
    name: 'PETROV/PETR',
    tag: '0555777777',
    baggageRoute: [BAG.baggageRoute[1]],
    minorBaggage: [],
  };
  /** Checked on BAG's route, legs listed in another order and with other leg ids. */
  const TWIN_BAG: Baggage = {
    ...BAG,
    id: 13,
    tag: '0555888888',
    baggageRoute: [...BAG.baggageRoute].reverse().map((leg) => ({ ...leg, id: leg.id + 100 })),
    minorBaggage: [],
  };
  const page: FlightBaggage = { flight: FLIGHT, baggage: [BAG, SHORT_BAG, TWIN_BAG] };
  const byIds = async (ids: number[]) => ids.map((id) => page.baggage.find((bag) => bag.id === id)!);

  async function openOn(actor: Actor, ids: number[]) {
    await listed(actor);
    for (const id of ids) actor.send({ type: 'BAG.TOGGLE', id });
    actor.send({ type: 'RUSH.OPEN' });
    await editing(actor);
    actor.send({ type: 'DRAFT.FLIGHT', option: { id: RUSH_FLIGHT.id, name: 'SU 1265', value: RUSH_FLIGHT } });
    actor.send({ type: 'DRAFT.CHOOSE', field: 'code', option: { id: 3, name: '11 — пропущена стыковка' } });
  }

  it('refuses to send them in one rush and says why under the pieces', async () => {
    const { actor, calls } = start({ loadFlight: async () => page, loadRushBags: byIds });
    await openOn(actor, [10, 12]);
    const { draft, rushBags } = actor.getSnapshot().context;
    expect(mixedRoutes(draft!, rushBags)).toBe(true);
    actor.send({ type: 'RUSH.SUBMIT' });
    expect(calls.sends).toEqual([]);
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors.baggageRelations).toEqual([RUSH_MESSAGES.mixedRoutes]);
  });

  it('sends the bag left alone on its own route once the other bag is left out', async () => {
    const { actor, calls } = start({ loadFlight: async () => page, loadRushBags: byIds });
    await openOn(actor, [10, 12]);
    // The form started from BAG's route (SVO, then LED); leaving BAG out restarts it from SHORT_BAG's (SVO only),
    // with the rush flight still its first leg.
    actor.send({ type: 'PIECE.TOGGLE', tag: BAG.tag });
    actor.send({ type: 'PIECE.TOGGLE', tag: BAG.minorBaggage[0].tag });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().context.draft?.route.map((leg) => leg.flightNumber)).toEqual(['1265']);
    actor.send({ type: 'RUSH.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('created'));
    const [sent] = calls.sends;
    expect(sent.baggageRelations).toEqual([{ major_baggage_id: 12, tag: SHORT_BAG.tag }]);
    expect(sent.originBaggageRoute).toEqual([
      {
        aviacompany_id: 7,
        airport_id: SVO.id,
        flight_number: '1263',
        number_in_route: 1,
        date: '2026-11-23',
      },
    ]);
    expect(sent.rushBaggageRoute.map((leg) => leg.flight_number)).toEqual(['1265']);
  });

  it('sends bags of one route together, whatever the order their legs are stored in', async () => {
    const { actor, calls } = start({ loadFlight: async () => page, loadRushBags: byIds });
    await openOn(actor, [10, 13]);
    actor.send({ type: 'RUSH.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('created'));
    const [sent] = calls.sends;
    expect(sent.baggageRelations.map((relation) => relation.major_baggage_id)).toEqual([10, 10, 13]);
    expect(sent.originBaggageRoute.map((leg) => leg.flight_number)).toEqual(['1263', '30']);
    expect(sent.rushBaggageRoute.map((leg) => leg.flight_number)).toEqual(['1265', '30']);
  });
});

describe('when the rush form would be closed', () => {
  async function opened() {
    const started = start();
    await listed(started.actor);
    started.actor.send({ type: 'BAG.TOGGLE', id: 10 });
    started.actor.send({ type: 'RUSH.OPEN' });
    await editing(started.actor);
    return started.actor;
  }

  it('holds no unsaved input while the form is as it opened, nor with an empty address row', async () => {
    const actor = await opened();
    expect(hasUnsavedDraft(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'EMAIL.ADD' });
    expect(hasUnsavedDraft(actor.getSnapshot())).toBe(false);
  });

  it('holds unsaved input once something is typed or chosen, and none again when it is erased', async () => {
    const actor = await opened();
    actor.send({ type: 'DRAFT.TEXT', field: 'actNumber', value: 'АКТ-1' });
    expect(hasUnsavedDraft(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'DRAFT.TEXT', field: 'actNumber', value: '' });
    expect(hasUnsavedDraft(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'DRAFT.CHOOSE', field: 'code', option: { id: 3, name: '11 — пропущена стыковка' } });
    expect(hasUnsavedDraft(actor.getSnapshot())).toBe(true);
  });

  it('holds none once the rush is sent (the new tags are shown, nothing to lose)', async () => {
    const { actor } = start();
    await openFilled(actor);
    expect(hasUnsavedDraft(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'RUSH.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('created'));
    expect(hasUnsavedDraft(actor.getSnapshot())).toBe(false);
  });
});
