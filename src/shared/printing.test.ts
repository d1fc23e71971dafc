import { describe, expect, it } from 'vitest';
import { rushTagsFileName } from './printing.ts';

describe('rushTagsFileName', () => {
  it('names one tag by its number', () => {
    expect(rushTagsFileName(['2555000042'], 3)).toBe('Бирка досылки 2555000042.pdf');
  });

  it('lists two or three tags in order, each once (a job may print copies of one tag)', () => {
    expect(rushTagsFileName(['2555000043', '2555000042', '2555000043'], 3)).toBe(
      'Бирки досылки 2555000042, 2555000043.pdf',
    );
    expect(rushTagsFileName(['2555000044', '2555000042', '2555000043'], 3)).toBe(
      'Бирки досылки 2555000042, 2555000043, 2555000044.pdf',
    );
  });

  it('names more tags by the lowest and highest number and the count', () => {
    expect(rushTagsFileName(['2555000045', '2555000042', '2555000044', '2555000043'], 3)).toBe(
      'Бирки досылки 2555000042–2555000045 (4 шт.).pdf',
    );
  });

  it('names a job whose tags are gone by its number', () => {
    expect(rushTagsFileName([], 17)).toBe('Бирки досылки, задание 17.pdf');
  });
});
