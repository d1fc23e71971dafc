import { useActorRef, useSelector } from '@xstate/react';
import {
  changedCount,
  type DelayTab,
  delayReasonsMachine,
  shownFlag,
  visibleItems,
} from '../../machines/delayReasons.ts';
import { DELAY_MESSAGES } from '../../shared/delay-reasons.ts';
import {
  LoadFailure,
  Page,
  PageCard,
  PageTitle,
  TabList,
  TextInput,
  ToggleSwitch,
  tabPanelProps,
} from '../../widgets/index.ts';
import { ConfigForm } from './ConfigForm.tsx';
import './delayReasons.css';

const TITLE = 'Причины задержек';
/** The id of the panel the classifier tabs show. */
const TAB_PANEL = 'delay-reasons-tab';
const TABS: { id: DelayTab; name: string }[] = [
  { id: 'rrp', name: 'РРП' },
  { id: 'iata', name: 'IATA' },
];

/** /system/config#kpi_report (spec 2): which delay reasons the KPI report counts as the airport's, and a setting. */
export default function Screen() {
  const actor = useActorRef(delayReasonsMachine);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const items = visibleItems(context);
  const pending = changedCount(context);

  return (
    <Page label={TITLE}>
      <PageTitle
        title={TITLE}
        actions={[
          {
            label: 'Отметить все',
            onClick: () => actor.send({ type: 'ALL.MARK' }),
            disabled: !ready || items.length === 0,
            variant: 'secondary',
          },
          {
            label: 'Сохранить',
            onClick: () => actor.send({ type: 'CHANGES.SAVE' }),
            disabled: !ready || pending === 0,
            variant: 'success',
          },
        ]}
      >
        <span role="status">
          {pending > 0 ? `Несохранённых изменений: ${pending}` : saved ? DELAY_MESSAGES.saved : ''}
        </span>
      </PageTitle>
      <PageCard>
        <TabList
          label="Классификатор"
          tabs={TABS}
          selected={context.tab}
          onSelect={(tab) => actor.send({ type: 'TAB.CHOOSE', tab })}
          className="delay-tabs"
          panelId={TAB_PANEL}
        />
        <div className="delay-toolbar">
          <TextInput
            label="Поиск"
            type="search"
            placeholder="Код или описание"
            value={context.search}
            onChange={(search) => actor.send({ type: 'SEARCH.CHANGE', search })}
          />
        </div>
        <LoadFailure
          className="delay-error"
          message={context.message}
          onRetry={failed ? () => actor.send({ type: 'LOAD.RETRY' }) : undefined}
        />
        <div {...tabPanelProps(TAB_PANEL, context.tab)} aria-busy={loading || saving}>
          {loading && items.length === 0 ? (
            <p>Загрузка…</p>
          ) : items.length === 0 ? (
            <p>{failed ? '' : 'Ничего не найдено'}</p>
          ) : (
            <table
              className="delay-table"
              aria-label={context.tab === 'iata' ? 'Коды задержек IATA' : 'Причины задержек РРП'}
            >
              <thead>
                <tr>
                  <th>Причина — аэропорт, код</th>
                  {context.tab === 'iata' ? <th>Буквенный код</th> : null}
                  <th>Описание</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => {
                  const code = 'number_code' in item ? item.number_code : item.code;
                  const text = 'number_code' in item ? item.transcript : item.name;
                  const changed = context.changed[context.tab][item.id] !== undefined;
                  const stale = context.staleIds[context.tab].includes(item.id);
                  return (
                    <tr key={item.id} className={changed ? 'delay-table__changed' : undefined}>
                      <td>
                        <ToggleSwitch
                          label={code}
                          checked={shownFlag(context, context.tab, item)}
                          onChange={() => actor.send({ type: 'ITEM.TOGGLE', id: item.id })}
                          disabled={!ready}
                        />
                      </td>
                      {'number_code' in item ? <td>{item.letter_code ?? '—'}</td> : null}
                      <td>
                        {text}
                        {stale ? <div className="delay-table__stale">{DELAY_MESSAGES.changed}</div> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      </PageCard>
      <ConfigForm />
    </Page>
  );
}
