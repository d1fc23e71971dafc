import { describe, expect, it } from 'vitest';
import { progressLine, throttledProgress } from './progress.ts';

describe('when reporting the demo load in a terminal', () => {
  it('writes at most one line per interval, the first at once', () => {
    let time = 0;
    const lines: string[] = [];
    const report = throttledProgress((line) => lines.push(line), { intervalMs: 1000, now: () => time });
    report('generating', 0, 1);
    time = 400;
    report('generating', 1, 1);
    time = 1000;
    report('tasks', 4000, 8000);
    time = 1999;
    report('tasks', 8000, 8000);
    expect(lines).toEqual(['generating…', 'tasks: 4,000 of 8,000 (50%)']);
  });

  it('names a one-part step alone and a counted step with its share', () => {
    expect(progressLine('statistics', 0, 1)).toBe('statistics…');
    expect(progressLine('task employees', 1, 3)).toBe('task employees: 1 of 3 (33%)');
  });
});
