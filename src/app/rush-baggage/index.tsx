import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router';
import { rushBaggageMachine } from '../../machines/rushBaggage.ts';
import { MAX_ID } from '../../shared/reference.ts';
import { instantToDay } from '../../shared/wallClock.ts';
import { LoadFailure, Page, PageCard, PageTitle } from '../../widgets/index.ts';
import { readTimeZone } from '../api/storage.ts';
import { BagList } from './BagList.tsx';
import { flightTitle, wireTime } from './labels.ts';
import { RushModal } from './RushModal.tsx';
import './rushBaggage.css';

const TITLE = 'Срочный багаж';

/** The flight id of the path, or null when it is not a whole number within the id columns' range. */
function flightIdOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The page of one flight: header, bags, 'Досылка' opening the rush modal. */
function FlightPage({ flightId }: { flightId: number }) {
  const actor = useActorRef(rushBaggageMachine, {
    // Today in the zone chosen in the frame: the day the rush flight is first searched on.
    input: { flightId, today: instantToDay(Date.now(), readTimeZone()) },
  });
  const context = useSelector(actor, (s) => s.context);
  const fetching = useSelector(actor, (s) => s.hasTag('fetching') && !s.matches('rush'));
  const refreshing = useSelector(actor, (s) => s.hasTag('refresh'));
  const inRush = useSelector(actor, (s) => s.matches('rush'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const { flight, bags, selected } = context;
  const mishandled = bags.filter((bag) => bag.status === 'mishandled').length;
  const busy = fetching || refreshing;

  const actions = [
    {
      label: 'Обновить',
      onClick: () => actor.send({ type: 'REFRESH' }),
      variant: 'secondary' as const,
      disabled: busy,
    },
    {
      label: 'Досылка',
      onClick: () => actor.send({ type: 'RUSH.OPEN' }),
      disabled: busy || selected.length === 0,
    },
  ];

  return (
    <Page label={TITLE}>
      <PageTitle title={flight ? `${TITLE}: ${flightTitle(flight)}` : TITLE} actions={actions}>
        <span className="rush-page__status" role="status">
          {refreshing ? 'Обновление…' : selected.length > 0 ? `Выбрано: ${selected.length}` : ''}
        </span>
      </PageTitle>
      <PageCard>
        <LoadFailure
          message={context.loadError}
          onRetry={failed ? () => actor.send({ type: 'RETRY' }) : undefined}
        />
        {fetching ? <p className="rush-muted">Загрузка…</p> : null}
        {flight ? (
          <dl className="rush-flight" aria-label="Рейс">
            <div>
              <dt>Рейс</dt>
              <dd>{flight.flight_number_symbol}</dd>
            </div>
            <div>
              <dt>Авиакомпания</dt>
              <dd>{flight.aviacompany.name}</dd>
            </div>
            <div>
              <dt>Маршрут</dt>
              <dd>
                {flight.departure_airport.name} → {flight.arrival_airport.name}
              </dd>
            </div>
            <div>
              <dt>Вылет по плану</dt>
              <dd>{wireTime(flight.plan_departure_datetime)}</dd>
            </div>
            {flight.fact_departure_datetime ? (
              <div>
                <dt>Вылет фактически</dt>
                <dd>{wireTime(flight.fact_departure_datetime)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Багаж</dt>
              <dd>
                {bags.length}, неотправленных:{' '}
                <strong className="rush-flight__mishandled">{mishandled}</strong>
              </dd>
            </div>
          </dl>
        ) : null}
        {flight ? (
          <div aria-busy={busy}>
            <BagList
              bags={bags}
              selected={selected}
              directory={context.directory}
              disabled={busy}
              onToggle={(id) => actor.send({ type: 'BAG.TOGGLE', id })}
            />
          </div>
        ) : null}
      </PageCard>
      {inRush ? <RushModal actor={actor} /> : null}
    </Page>
  );
}

/**
 * `/flight/view/{id}` and `/baggage/flight/{id}` (spec 2; no rule): the bags of flight `id`, mishandled first;
 * chosen bags are forwarded on another flight under new rush tags, which can be printed at once.
 */
export default function Screen() {
  const flightId = flightIdOf(useParams().id);
  if (flightId === null) {
    return (
      <Page label={TITLE}>
        <PageTitle title={TITLE} />
        <PageCard>
          <p role="alert">Рейс не найден: в адресе нет номера рейса</p>
        </PageCard>
      </Page>
    );
  }
  return <FlightPage key={flightId} flightId={flightId} />;
}
