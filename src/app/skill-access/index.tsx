import { useActorRef, useSelector } from '@xstate/react';
import { isLinked, skillAccessMachine } from '../../machines/skillAccess.ts';
import { SKILL_ACCESS_MESSAGES, SKILL_ACCESS_TABS, type SkillAccessTab } from '../../shared/skill-access.ts';
import { LoadFailure, Page, PageCard, PageTitle, TabList, tabPanelProps } from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { useLeaveGuard } from '../shell/leaveGuard.ts';
import './skill-access.css';

const TITLE = 'Доступы навыков';
/** The id of the panel the tabs show. */
const TAB_PANEL = 'skill-access-tab';
const TABS = (Object.entries(SKILL_ACCESS_TABS) as [SkillAccessTab, string][]).map(([id, name]) => ({
  id,
  name,
}));

/** /skill-access (spec 2, 4): per tab, the items the chosen skill grants; ticks saved by skill-access-update. */
export default function Screen() {
  const canEdit = useCan('skill-access-update');
  const actor = useActorRef(skillAccessMachine);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const pending = context.added.length + context.removed.length;
  useLeaveGuard(pending > 0);
  const skill = context.skills.find((s) => s.id === context.skillId);

  const actions = canEdit
    ? [
        {
          label: 'Сохранить',
          onClick: () => actor.send({ type: 'CHANGES.SAVE' }),
          disabled: busy || loading || pending === 0,
          variant: 'success' as const,
        },
        {
          label: 'Отмена',
          onClick: () => actor.send({ type: 'CHANGES.CANCEL' }),
          disabled: busy || loading || (pending === 0 && !context.message),
          variant: 'secondary' as const,
        },
      ]
    : [];

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE} actions={actions}>
        <span className="skill-access__status" role="status">
          {saved ? SKILL_ACCESS_MESSAGES.saved : pending > 0 ? `Несохранённых изменений: ${pending}` : ''}
        </span>
      </PageTitle>
      <PageCard>
        <TabList
          label="Что дают навыки"
          tabs={TABS}
          selected={context.tab}
          onSelect={(tab) => actor.send({ type: 'TAB.SELECT', tab })}
          disabled={busy}
          className="skill-access__tabs"
          tabClassName="skill-access__tab"
          panelId={TAB_PANEL}
        />
        <LoadFailure
          className="skill-access__error"
          message={context.message}
          onRetry={failed ? () => actor.send({ type: 'LOAD.RETRY' }) : undefined}
        />
        <div
          {...tabPanelProps(TAB_PANEL, context.tab)}
          className="skill-access__body"
          aria-busy={loading || busy}
        >
          <nav className="skill-access__skills" aria-label="Навыки">
            {context.skills.map((item) => (
              <button
                key={item.id}
                type="button"
                aria-pressed={item.id === context.skillId}
                className="skill-access__skill"
                onClick={() => actor.send({ type: 'SKILL.SELECT', skillId: item.id })}
              >
                {item.name}
              </button>
            ))}
          </nav>
          <fieldset className="skill-access__items" disabled={!canEdit || busy || loading}>
            <legend>{skill ? `${SKILL_ACCESS_TABS[context.tab]}: ${skill.name}` : 'Выберите навык'}</legend>
            {loading ? <p className="skill-access__empty">Загрузка…</p> : null}
            {!loading && context.items.length === 0 ? (
              <p className="skill-access__empty">Нет записей</p>
            ) : null}
            {skill
              ? context.items.map((item) => (
                  <label key={item.id} className="skill-access__item">
                    <input
                      type="checkbox"
                      checked={isLinked(context, skill.id, item.id)}
                      onChange={() => actor.send({ type: 'LINK.TOGGLE', targetId: item.id })}
                    />
                    {item.name}
                  </label>
                ))
              : null}
          </fieldset>
        </div>
      </PageCard>
    </Page>
  );
}
