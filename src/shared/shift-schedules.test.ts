import { describe, expect, it } from 'vitest';
import { scheduleFieldError, standardScheduleParamsSchema } from './shift-schedules.ts';

describe('standard-schedule field validation (spec 5)', () => {
  it('accepts empty fields and positive whole numbers up to the maximum', () => {
    expect(scheduleFieldError('interval_repeat_in_period', '')).toBeNull();
    expect(scheduleFieldError('interval_repeat_in_period', undefined)).toBeNull();
    expect(scheduleFieldError('interval_repeat_in_period', 52)).toBeNull();
    expect(scheduleFieldError('interval_repeat_in_week', '7')).toBeNull();
    expect(scheduleFieldError('deviation_in_week', 0)).toBeNull();
  });

  it('answers the spec message above each maximum', () => {
    expect(scheduleFieldError('interval_repeat_in_period', 53)).toBe('Максимальное значение 52');
    expect(scheduleFieldError('interval_repeat_in_week', '8')).toBe('Максимальное значение 7');
    expect(scheduleFieldError('deviation_in_period', 101)).toBe('Максимальное значение 100%');
    expect(scheduleFieldError('deviation_in_week', '250')).toBe('Максимальное значение 100%');
  });

  it('refuses zero repeats, fractions, signs and text', () => {
    for (const value of [0, '0', '1.5', '-3', 'abc', 2.5])
      expect(scheduleFieldError('interval_repeat_in_week', value)).toBe('Ожидается целое число больше 0');
    expect(scheduleFieldError('deviation_in_period', '-1')).toBe('Ожидается целое число от 0 до 100');
  });

  it('reads the inputs with empty fields left out and lists defaulting to empty', () => {
    const parsed = standardScheduleParamsSchema.parse({
      begin: '2030-06-03 00:00:00',
      end: '2030-06-09 23:59:59',
      interval_repeat_in_period: '3',
      deviation_in_period: '',
      employee_position_ids: [4],
    });
    expect(parsed.interval_repeat_in_period).toBe(3);
    expect(parsed.deviation_in_period).toBeUndefined();
    expect(parsed.working_shift).toEqual([]);
  });

  it('asks for a missing bound of the period', () => {
    const result = standardScheduleParamsSchema.safeParse({ end: '2030-06-09 23:59:59' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['begin', 'Поле обязательно для заполнения'],
    ]);
  });

  it('names every bad field at once', () => {
    const result = standardScheduleParamsSchema.safeParse({
      begin: '3 June',
      end: '2030-06-09 23:59:59',
      interval_repeat_in_period: 60,
      interval_repeat_in_week: 9,
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(fields).toEqual({
      begin: 'Ожидается YYYY-MM-DD HH:mm:ss',
      interval_repeat_in_period: 'Максимальное значение 52',
      interval_repeat_in_week: 'Максимальное значение 7',
    });
  });
});
