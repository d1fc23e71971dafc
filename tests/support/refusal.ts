import { expect } from 'vitest';
import { type FieldErrors, ValidationError } from '../../src/server/domain/errors.ts';

/**
 * The field messages of the error `act` throws or rejects with, which must be a `kind` (a 422 by default): for
 * service tests that check what is refused and on which field.
 * Example: `expect(await fieldsOf(() => service.create(bad))).toEqual({name: ['Обязательное поле']})`.
 */
export async function fieldsOf(
  act: () => unknown,
  kind: abstract new (...args: never[]) => { fields?: FieldErrors } = ValidationError,
): Promise<FieldErrors> {
  const error = await Promise.resolve()
    .then(act)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(kind);
  return (error as { fields?: FieldErrors }).fields ?? {};
}
