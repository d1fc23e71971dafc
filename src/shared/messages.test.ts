import { describe, expect, it } from 'vitest';
import { MESSAGES, z } from './messages.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('when zod refuses a value', () => {
  it('says a missing field is required, in the catalogue’s words', () => {
    expect(messages(z.object({ name: z.string(), ids: z.array(z.number()) }), {})).toEqual([
      `name: ${MESSAGES.required}`,
      `ids: ${MESSAGES.required}`,
    ]);
  });

  it('says a missing literal or enum field is required too (zod reports it as a wrong value)', () => {
    expect(messages(z.object({ flag: z.literal('1'), kind: z.enum(['a', 'b']) }), {})).toEqual([
      `flag: ${MESSAGES.required}`,
      `kind: ${MESSAGES.required}`,
    ]);
    // A present wrong value keeps zod's Russian text.
    expect(messages(z.object({ flag: z.literal('1') }), { flag: '2' })?.[0]).not.toContain(MESSAGES.required);
  });

  it('keeps a schema’s own message for a missing field', () => {
    expect(messages(z.object({ name: z.string({ message: 'Своё' }) }), {})).toEqual(['name: Своё']);
  });

  it('answers a value of the wrong type in Russian', () => {
    expect(messages(z.object({ name: z.string() }), { name: 5 })).toEqual([
      'name: Неверный ввод: ожидалось string, получено число',
    ]);
  });
});
