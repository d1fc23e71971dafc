import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type PatternDraft,
  type PostalStatementsContext,
  positionsFor,
  postalStatementsMachine,
} from '../../machines/postalStatements.ts';
import { PATTERN_MESSAGES } from '../../shared/postal-statements.ts';
import { LoadFailure, MultiSelect, Page, PageCard, PageTitle, Select } from '../../widgets/index.ts';
import './postalStatements.css';

const TITLE = 'Почтовые ведомости';

/** The messages of every field error at or under `prefix` (`patterns.0.department_ids` and its items). */
function errorsUnder(fields: Record<string, string[]>, prefix: string): string | null {
  const messages = Object.entries(fields)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .flatMap(([, list]) => list);
  return messages.length > 0 ? [...new Set(messages)].join('; ') : null;
}

interface CardProps {
  context: PostalStatementsContext;
  draft: PatternDraft;
  index: number;
  disabled: boolean;
  send: ActorRefFrom<typeof postalStatementsMachine>['send'];
}

/** One pattern: its type, departments and excluded positions, and its removal. */
function PatternCard({ context, draft, index, disabled, send }: CardProps) {
  const at = `patterns.${index}`;
  const positions = positionsFor(context, draft);
  return (
    <PageCard title={`Шаблон ${index + 1}`}>
      <div className="postal-pattern">
        <Select
          label="Тип шаблона"
          options={context.types}
          value={draft.pattern_type_id}
          onChange={(id) => {
            if (typeof id === 'number') send({ type: 'TYPE.CHANGE', key: draft.key, typeId: id });
          }}
          disabled={disabled}
          error={errorsUnder(context.fields, `${at}.pattern_type_id`)}
        />
        <MultiSelect
          label="Подразделения"
          allWord="подразделения"
          options={context.departments}
          value={draft.department_ids}
          onChange={(ids) => send({ type: 'DEPARTMENTS.CHANGE', key: draft.key, ids: ids.map(Number) })}
          searchable
          disabled={disabled}
          error={errorsUnder(context.fields, `${at}.department_ids`)}
        />
        <MultiSelect
          label="Исключённые должности"
          allWord="должности"
          options={positions}
          value={draft.excluded_position_ids.filter((id) => positions.some((p) => p.id === id))}
          onChange={(ids) => send({ type: 'EXCLUSIONS.CHANGE', key: draft.key, ids: ids.map(Number) })}
          searchable
          placeholder={draft.department_ids.length === 0 ? 'Сначала выберите подразделения' : 'Нет'}
          disabled={disabled || draft.department_ids.length === 0}
          error={errorsUnder(context.fields, `${at}.excluded_position_ids`)}
        />
        <button
          type="button"
          className="w-button w-button--danger postal-pattern__remove"
          onClick={() => send({ type: 'PATTERN.REMOVE', key: draft.key })}
          disabled={disabled}
        >
          Удалить шаблон
        </button>
        {errorsUnder(context.fields, `${at}.id`) ? (
          <p className="postal-pattern__stale">{errorsUnder(context.fields, `${at}.id`)}</p>
        ) : null}
      </div>
    </PageCard>
  );
}

/** /system/config#postal-statements (spec 2, 4): the patterns of postal statements, saved as a whole. */
export default function Screen() {
  const actor = useActorRef(postalStatementsMachine);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const saveSuccess = useSelector(actor, (s) => s.hasTag('saveSuccess'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const ready = !loading && !failed;

  return (
    <Page label={TITLE}>
      <PageTitle
        title={TITLE}
        actions={[
          {
            label: 'Добавить шаблон',
            onClick: () => actor.send({ type: 'PATTERN.ADD' }),
            disabled: !ready || context.saving,
            variant: 'secondary',
          },
          {
            label: 'Сохранить',
            onClick: () => actor.send({ type: 'CHANGES.SAVE' }),
            disabled: !ready || context.saving || !context.dirty,
            variant: 'success',
          },
        ]}
      >
        <span className="postal-status" role="status">
          {context.saving
            ? 'Сохранение…'
            : saveSuccess
              ? PATTERN_MESSAGES.saved
              : context.dirty
                ? 'Есть несохранённые изменения'
                : ''}
        </span>
      </PageTitle>
      <LoadFailure
        className="postal-error"
        message={context.message}
        onRetry={failed ? () => actor.send({ type: 'LOAD.RETRY' }) : undefined}
      />
      {loading ? <p>Загрузка…</p> : null}
      {ready && context.drafts.length === 0 ? (
        <PageCard>
          <p>Шаблонов нет. Нажмите «Добавить шаблон».</p>
        </PageCard>
      ) : null}
      <div className="postal-patterns" aria-busy={loading || context.saving}>
        {context.drafts.map((draft, index) => (
          <PatternCard
            key={draft.key}
            context={context}
            draft={draft}
            index={index}
            disabled={context.saving}
            send={actor.send}
          />
        ))}
      </div>
    </Page>
  );
}
