import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { workplaceDistanceMachine } from '../../machines/workplaceDistance.ts';
import { WORKPLACE_KINDS, type Workplace } from '../../shared/workplace.ts';
import {
  MultiSelect,
  type OptionGroup,
  Page,
  PageCard,
  PageTitle,
  type SelectOption,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { useLeaveGuard } from '../shell/leaveGuard.ts';
import { Matrix, pairLabel } from './Matrix.tsx';
import './workplace.css';

const TITLE = 'Расстояния между рабочими местами';

const GROUPS: OptionGroup[] = Object.entries(WORKPLACE_KINDS).map(([key, name]) => ({ key, name }));

/** The workplaces of the ids, in the order of the full list. */
function chosen(all: readonly Workplace[], ids: readonly number[]): Workplace[] {
  const set = new Set(ids);
  return all.filter((place) => set.has(place.id));
}

/** /workplace (spec 2): the from- and to-lists, the distance matrix, view mode for all and edit mode by rule. */
export default function Screen() {
  const canEdit = useCan('workplace-distance-update');
  const actor = useActorRef(workplaceDistanceMachine);
  const context = useSelector(actor, (s) => s.context);
  const editing = useSelector(actor, (s) => s.hasTag('edit'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));

  const options: SelectOption[] = useMemo(
    () => context.workplaces.map((place) => ({ id: place.id, name: place.name, group: String(place.kind) })),
    [context.workplaces],
  );
  const rows = useMemo(
    () => chosen(context.workplaces, context.fromIds),
    [context.workplaces, context.fromIds],
  );
  const cols = useMemo(() => chosen(context.workplaces, context.toIds), [context.workplaces, context.toIds]);
  const byId = useMemo(() => new Map(context.workplaces.map((p) => [p.id, p])), [context.workplaces]);
  const pendingCount = context.pendingCreate.length + context.pendingUpdate.length;
  useLeaveGuard(pendingCount > 0);
  const cellErrors = Object.entries(context.cellErrors);

  const actions = !canEdit
    ? []
    : editing
      ? [
          {
            label: 'Сохранить',
            onClick: () => actor.send({ type: 'EDIT.SAVE' }),
            disabled: busy,
            variant: 'success' as const,
          },
          {
            label: 'Отмена',
            onClick: () => actor.send({ type: 'EDIT.CANCEL' }),
            disabled: busy,
            variant: 'secondary' as const,
          },
        ]
      : [
          {
            label: 'Редактировать',
            onClick: () => actor.send({ type: 'EDIT.START' }),
            disabled: loading || failed,
          },
        ];

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE} actions={actions}>
        {editing ? (
          <span className="workplace__pending" aria-live="polite">
            {pendingCount > 0 ? `Несохранённых изменений: ${pendingCount}` : 'Режим редактирования'}
          </span>
        ) : null}
      </PageTitle>
      <PageCard>
        <div className="workplace__lists">
          <MultiSelect
            label="Откуда"
            options={options}
            groups={GROUPS}
            value={context.fromIds}
            onChange={(ids) => actor.send({ type: 'PLACES.FROM', ids: ids.map(Number) })}
            allWord="места"
            searchable
            disabled={editing || failed}
          />
          <MultiSelect
            label="Куда"
            options={options}
            groups={GROUPS}
            value={context.toIds}
            onChange={(ids) => actor.send({ type: 'PLACES.TO', ids: ids.map(Number) })}
            allWord="места"
            searchable
            disabled={editing || failed}
          />
        </div>
        {context.message ? (
          <div role="alert" className="workplace__error">
            <p>{context.message}</p>
            {cellErrors.length > 0 ? (
              <ul>
                {cellErrors.map(([key, message]) => {
                  const [from, to] = key.split(':').map(Number);
                  return <li key={key}>{`${pairLabel(byId.get(from), byId.get(to))}: ${message}`}</li>;
                })}
              </ul>
            ) : null}
            {failed ? (
              <button
                type="button"
                className="w-button w-button--secondary"
                onClick={() => actor.send({ type: 'LOAD.RETRY' })}
              >
                Повторить
              </button>
            ) : null}
          </div>
        ) : null}
        {rows.length === 0 || cols.length === 0 ? (
          <p className="workplace__empty">{loading ? 'Загрузка…' : 'Выберите места в обоих списках'}</p>
        ) : (
          <div className="workplace__matrix" aria-busy={loading || busy}>
            <Matrix
              rows={rows}
              cols={cols}
              context={context}
              editable={editing && canEdit}
              busy={busy}
              send={actor.send}
            />
          </div>
        )}
        <p className="workplace__note">Расстояния в метрах, от места строки до места столбца.</p>
      </PageCard>
    </Page>
  );
}
