import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList, tabKeyTarget, tabPanelProps } from './TabList.tsx';

const TABS = [
  { id: 'timeline', name: 'Шкала' },
  { id: 'grid', name: 'Таблица' },
  { id: 'line', name: 'Линейный график' },
] as const;

function Views({ initial = 'grid' }: { initial?: string }) {
  const [view, setView] = useState(initial);
  return (
    <>
      <button type="button">До</button>
      <TabList label="Вид" tabs={TABS} selected={view} onSelect={setView} />
      <button type="button">После</button>
    </>
  );
}

/** Views with their panel wired as the screens wire it: one panel, showing the chosen view. */
function PanelViews() {
  const [view, setView] = useState('grid');
  return (
    <>
      <TabList label="Вид" tabs={TABS} selected={view} onSelect={setView} panelId="views" />
      <div {...tabPanelProps('views', view)}>{view}</div>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

afterEach(cleanup);

describe('TabList', () => {
  it('is one tab stop, the chosen tab', async () => {
    render(<Views />);
    await userEvent.click(screen.getByRole('button', { name: 'До' }));
    await userEvent.tab();
    expect(tab('Таблица')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'После' })).toHaveFocus();
    expect(screen.getByRole('tablist', { name: 'Вид' })).toBeInTheDocument();
  });

  it('moves and chooses with the arrows, Home and End, wrapping at the ends', async () => {
    render(<Views />);
    await userEvent.click(tab('Таблица'));
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Линейный график')).toHaveFocus();
    expect(tab('Линейный график')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Таблица')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Линейный график')).toHaveAttribute('tabindex', '0');
    expect(tab('Таблица')).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Шкала')).toHaveFocus();
    expect(tab('Шкала')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Линейный график')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('Шкала')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(tab('Линейный график')).toHaveAttribute('aria-selected', 'true');
  });

  it('makes the first tab the stop while none is chosen', () => {
    render(<Views initial="nothing" />);
    expect(tab('Шкала')).toHaveAttribute('tabindex', '0');
    expect(tab('Таблица')).toHaveAttribute('tabindex', '-1');
  });

  it('answers where a key moves', () => {
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
    expect(tabKeyTarget('Enter', 0, 3)).toBeNull();
  });

  it('names the panel it controls, and the panel is named by the chosen tab', async () => {
    render(<PanelViews />);
    const panel = screen.getByRole('tabpanel', { name: 'Таблица' });
    for (const { name } of TABS) expect(tab(name)).toHaveAttribute('aria-controls', panel.id);
    await userEvent.click(tab('Таблица'));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'Линейный график' })).toBe(panel);
    expect(panel).toHaveTextContent('line');
  });

  it('lets a tab name its own panel', () => {
    render(
      <TabList
        label="Вид"
        tabs={[{ ...TABS[0], panelId: 'own' }, TABS[1]]}
        selected="timeline"
        onSelect={() => undefined}
        panelId="views"
      />,
    );
    expect(tab('Шкала')).toHaveAttribute('aria-controls', 'own');
    expect(tab('Шкала').id).toBe('own-tab-timeline');
    expect(tab('Таблица')).toHaveAttribute('aria-controls', 'views');
  });

  it('names no panel when none is given', () => {
    render(<Views />);
    expect(tab('Таблица')).not.toHaveAttribute('aria-controls');
  });
});
