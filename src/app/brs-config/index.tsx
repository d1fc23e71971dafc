import { useActorRef, useSelector } from '@xstate/react';
import { Fragment } from 'react';
import { brsConfigMachine } from '../../machines/brsConfig.ts';
import {
  BRS_LABELS,
  type BrsAirline,
  type BrsRegister,
  PRIORITY_HANDLING,
  RUSH_HANDLING,
} from '../../shared/brs-config.ts';
import {
  Page,
  PageCard,
  PageTitle,
  PaginationControl,
  PaginationHeader,
  TextInput,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { SettingsForm } from './SettingsForm.tsx';
import './brsConfig.css';

const TITLE = 'Настройки БРС авиакомпаний';

/** The airline columns; those with a key sort the list (the server's sort keys). */
const AIRLINE_COLUMNS: { title: string; sort?: string; value: (a: BrsAirline) => string | null }[] = [
  { title: 'Авиакомпания', sort: 'name_ru', value: (a) => a.name_ru },
  { title: 'IATA', sort: 'iata_code', value: (a) => a.iata_code },
  { title: 'ICAO', sort: 'icao_code', value: (a) => a.icao_code },
  { title: 'Сирена', value: (a) => a.sirena_code },
];

const yesNo = (flag: boolean) => (flag ? 'да' : 'нет');

/** The settings columns, read from the airline's row (empty when it has none). */
const SETTING_COLUMNS: { title: string; value: (r: BrsRegister) => string }[] = [
  { title: 'БРС', value: (r) => (r.is_enabled ? 'включена' : 'выключена') },
  { title: 'BSM', value: (r) => yesNo(r.bsm_exchange) },
  { title: 'BPM', value: (r) => yesNo(r.bpm_exchange) },
  { title: 'Вес места, кг', value: (r) => String(r.max_bag_weight_kg) },
  { title: 'Мест', value: (r) => String(r.max_bag_pieces) },
  { title: 'Загрузка до вылета, мин', value: (r) => String(r.loading_close_minutes) },
  { title: BRS_LABELS.priority_tag_handling, value: (r) => PRIORITY_HANDLING[r.priority_tag_handling] },
  { title: BRS_LABELS.rush_tag_handling, value: (r) => RUSH_HANDLING[r.rush_tag_handling] },
];

/** /brs/config (spec 2): the airlines with search, sort and pages; settings shown and edited inline by rule. */
export default function Screen() {
  const canEdit = useCan('edit-settings-baggage-aviacompany');
  const canRead = useCan('read-settings-baggage-aviacompany') || canEdit;
  const actor = useActorRef(brsConfigMachine, { input: { canRead } });
  const { params, page, loadError, edit, searchText } = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const send = actor.send;
  const columnCount = AIRLINE_COLUMNS.length + (canRead ? SETTING_COLUMNS.length : 0) + (canEdit ? 1 : 0);

  const sortMark = (key: string) => (params.sort === key ? ' ▲' : params.sort === `-${key}` ? ' ▼' : '');

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE} />
      <PageCard>
        <div className="brs-search">
          <TextInput
            type="search"
            label="Поиск авиакомпании"
            placeholder="Код IATA, ICAO, Сирена или название"
            value={searchText}
            onChange={(text) => send({ type: 'SEARCH.CHANGE', text })}
          />
        </div>
        <PaginationHeader
          currentPage={page.currentPage}
          perPage={params.perPage}
          totalCount={page.totalCount}
          onPageSize={(perPage) => send({ type: 'PAGE_SIZE.SET', perPage })}
        />
        {loadError ? (
          <p className="brs-error" role="alert">
            {loadError}
          </p>
        ) : null}
        {/* At 1280 px the thirteen columns just fit; narrower, the table scrolls inside the card, not past it. */}
        <div className="brs-table-scroll">
          <table className="brs-table" aria-busy={loading} aria-label="Авиакомпании">
            <thead>
              <tr>
                {AIRLINE_COLUMNS.map((column) => (
                  <th
                    key={column.title}
                    aria-sort={
                      column.sort && params.sort?.endsWith(column.sort)
                        ? params.sort.startsWith('-')
                          ? 'descending'
                          : 'ascending'
                        : undefined
                    }
                  >
                    {column.sort ? (
                      <button
                        type="button"
                        onClick={() => send({ type: 'SORT.TOGGLE', key: column.sort as string })}
                      >
                        {column.title}
                        {sortMark(column.sort)}
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                ))}
                {canRead ? SETTING_COLUMNS.map((column) => <th key={column.title}>{column.title}</th>) : null}
                {canEdit ? <th aria-label="Действия" /> : null}
              </tr>
            </thead>
            <tbody>
              {page.items.map((airline) => {
                const register = airline.aviacompanyBaggageRegister;
                const editing = edit?.airlineId === airline.id;
                return (
                  <Fragment key={airline.id}>
                    <tr>
                      {AIRLINE_COLUMNS.map((column) => (
                        <td key={column.title}>{column.value(airline) ?? '—'}</td>
                      ))}
                      {canRead
                        ? SETTING_COLUMNS.map((column, index) => (
                            <td key={column.title}>
                              {register ? column.value(register) : index === 0 ? 'не настроена' : ''}
                            </td>
                          ))
                        : null}
                      {canEdit ? (
                        <td className="brs-table__action">
                          <button
                            type="button"
                            className="w-button w-button--secondary"
                            disabled={edit !== null}
                            aria-label={`${register ? 'Изменить' : 'Настроить'}: ${airline.name_ru}`}
                            onClick={() => send({ type: 'EDIT.START', airlineId: airline.id })}
                          >
                            {register ? 'Изменить' : 'Настроить'}
                          </button>
                        </td>
                      ) : null}
                    </tr>
                    {editing && edit ? (
                      <tr className="brs-table__edit">
                        <td colSpan={columnCount}>
                          <SettingsForm
                            airlineName={airline.name_ru}
                            edit={edit}
                            saving={saving}
                            send={send}
                          />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
              {!loading && page.items.length === 0 && !loadError ? (
                <tr>
                  <td colSpan={columnCount}>Ничего не найдено</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
        <PaginationControl
          currentPage={page.currentPage}
          pageCount={page.pageCount}
          onPage={(target) => send({ type: 'PAGE.GO', page: target })}
        />
      </PageCard>
    </Page>
  );
}
