import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertBanner } from './Alert/AlertBanner.tsx';
import { hideAlert, showAlert } from './Alert/alertStore.ts';
import { NumberInput } from './NumberInput.tsx';
import { parseNonNegative } from './numberInput.ts';
import { TextInput } from './TextInput.tsx';
import { ToggleSwitch } from './ToggleSwitch.tsx';

function TextHarness() {
  const [value, setValue] = useState('');
  return <TextInput label="Название" value={value} onChange={setValue} required />;
}

function NumberHarness({ onChange }: { onChange: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(5);
  return (
    <NumberInput
      label="Коэффициент"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

afterEach(() => {
  act(() => hideAlert());
  vi.useRealTimers();
});

describe('when a required text input loses focus empty', () => {
  it('says Заполните данное поле and clears it once text is typed', async () => {
    const user = userEvent.setup();
    render(<TextHarness />);
    const input = screen.getByRole('textbox', { name: 'Название' });
    await user.click(input);
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Заполните данное поле');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'Да');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('when a number input is edited', () => {
  it('ignores a minus and letters and applies the number on blur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberHarness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Коэффициент' });
    await user.clear(input);
    await user.type(input, '-1a2,5');
    expect(input).toHaveValue('12,5');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenCalledWith(12.5);
  });

  it('applies an empty value as null', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberHarness onChange={onChange} />);
    await user.clear(screen.getByRole('textbox', { name: 'Коэффициент' }));
    await user.tab();
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('parses non-negative numbers only', () => {
    expect(parseNonNegative('0')).toBe(0);
    expect(parseNonNegative('-3')).toBeUndefined();
    expect(parseNonNegative(' ')).toBeNull();
  });
});

describe('when the toggle switch is clicked', () => {
  it('reports the new state and is found as a switch', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ToggleSwitch label="Только активные" checked={false} onChange={onChange} />);
    await user.click(screen.getByRole('switch', { name: 'Только активные' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('when an alert is raised', () => {
  it('shows a cut message with the success icon and hides after 5000 ms', () => {
    vi.useFakeTimers();
    render(<AlertBanner />);
    act(() => showAlert(`Сохранено ${'x'.repeat(300)}`, 'Success'));
    const banner = screen.getByRole('status');
    expect(banner.querySelector('.w-alert__text')?.textContent).toHaveLength(200);
    expect(screen.getByRole('img', { name: 'Успешно' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces a danger alert as an alert', () => {
    render(<AlertBanner />);
    act(() => showAlert('Ошибка сохранения', 'Danger'));
    expect(screen.getByRole('alert')).toHaveTextContent('Ошибка сохранения');
  });
});
