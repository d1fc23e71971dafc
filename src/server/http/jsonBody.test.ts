import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from './jsonBody.ts';

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(jsonDepthExceeds('[[1]]', 1)).toBe(true);
    expect(jsonDepthExceeds('[[1]]', 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(jsonDepthExceeds('["[[[", "\\"[[[", {"k": "{{{"}]', 2)).toBe(false);
    expect(jsonDepthExceeds('[1],[2],[3]', 1)).toBe(false);
  });
});
