import { useState } from 'react';
import { Page, PageCard, PageTitle, ToggleSwitch } from '../../widgets/index.ts';

/** /react_app/toggle-switch. */
export function ToggleSwitchDemo() {
  const [active, setActive] = useState(true);
  const [night, setNight] = useState(false);
  return (
    <Page label="Переключатели">
      <PageTitle title="Переключатели" />
      <PageCard>
        <div className="showcase__column">
          <ToggleSwitch label="Только активные рейсы" checked={active} onChange={setActive} />
          <ToggleSwitch label="Ночные смены" checked={night} onChange={setNight} />
          <ToggleSwitch label="Недоступная настройка" checked={false} onChange={() => undefined} disabled />
          <output aria-label="Состояние">
            {active ? 'активные' : 'все'}, {night ? 'ночные' : 'дневные'}
          </output>
        </div>
      </PageCard>
    </Page>
  );
}
