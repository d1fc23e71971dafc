import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { rushBaggageMachine } from '../../machines/rushBaggage.ts';
import { MAX_ID } from '../../shared/reference.ts';
import { instantToDay, wallClockText } from '../../shared/wallClock.ts';
import { LoadFailure, Page, PageCard, PageTitle } from '../../widgets/index.ts';
import { readTimeZone } from '../api/storage.ts';
import { BagList } from './BagList.tsx';
import { flightTitle } from './labels.ts';
import { PrintTagModal } from './print/PrintTagModal.tsx';
import { printableTagIds } from './printable.ts';
import { RushModal } from './RushModal.tsx';
import { SpareTagsModal } from './SpareTagsModal.tsx';
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
  const [spare, setSpare] = useState(false);
  const [reprint, setReprint] = useState<number[] | null>(null);
  const printable = printableTagIds(bags, selected);

  const actions = [
    {
      label: 'Обновить',
      onClick: () => actor.send({ type: 'BAGS.REFRESH' }),
      variant: 'secondary' as const,
      disabled: busy,
    },
    {
      label: 'Новые бирки',
      onClick: () => setSpare(true),
      variant: 'secondary' as const,
      disabled: !flight,
    },
    {
      label: 'Печать бирок',
      onClick: () => setReprint(printable),
      variant: 'secondary' as const,
      disabled: busy || printable.length === 0,
      disabledHint:
        selected.length === 0
          ? 'Выберите отправленные досылкой сумки'
          : 'У выбранных сумок нет бирок досылки',
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
          onRetry={failed ? () => actor.send({ type: 'LOAD.RETRY' }) : undefined}
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
              <dd>{wallClockText(flight.plan_departure_datetime)}</dd>
            </div>
            {flight.fact_departure_datetime ? (
              <div>
                <dt>Вылет фактически</dt>
                <dd>{wallClockText(flight.fact_departure_datetime)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Багаж</dt>
              <dd>
                {bags.length}, неотправленных:{' '}
                <strong className={`rush-flight__mishandled${mishandled > 0 ? ' is-pending' : ''}`}>
                  {mishandled}
                </strong>
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
      {spare && flight ? (
        <SpareTagsModal
          airline={{ id: flight.aviacompany.id, name: flight.aviacompany.code ?? flight.aviacompany.name }}
          onClose={() => setSpare(false)}
        />
      ) : null}
      {reprint ? <PrintTagModal tagIds={reprint} onClose={() => setReprint(null)} /> : null}
    </Page>
  );
}

/**
 * `/flight/view/{id}` and `/baggage/flight/{id}` (spec 2; no rule): the bags of flight `id`, mishandled first;
 * chosen bags are forwarded on another flight under new rush tags, which can be printed at once and again later
 * («Печать бирок» on the chosen bags); «Новые бирки» issues spare tags of a carrier to print ahead.
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
