import { describe, expect, it } from 'vitest';
import { planTaskInterval } from './tgoTasks.ts';

const at = (hhmm: string) => Date.parse(`2026-03-10T${hhmm}:00Z`);

describe('planTaskInterval', () => {
  it('starts a job offset minutes from the reference and lasts its duration', () => {
    expect(planTaskInterval(at('12:00'), { offset: -150, duration: 110 })).toEqual({
      begin: at('09:30'),
      end: at('11:20'),
    });
  });

  it('keeps both ends inside the window', () => {
    expect(
      planTaskInterval(
        at('12:00'),
        { offset: -150, duration: 110 },
        { begin: at('10:00'), end: at('11:00') },
      ),
    ).toEqual({
      begin: at('10:00'),
      end: at('11:00'),
    });
    expect(
      planTaskInterval(at('12:00'), { offset: 30, duration: 10 }, { begin: at('10:00'), end: at('12:10') }),
    ).toEqual({
      begin: at('12:10'),
      end: at('12:10'),
    });
  });
});
