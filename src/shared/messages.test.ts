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

  it('keeps a schema’s own message for a missing field', () => {
    expect(messages(z.object({ name: z.string({ message: 'Своё' }) }), {})).toEqual(['name: Своё']);
  });

  it('answers a value of the wrong type in Russian', () => {
    expect(messages(z.object({ name: z.string() }), { name: 5 })).toEqual([
      'name: Неверный ввод: ожидалось string, получено число',
    ]);
  });
});
