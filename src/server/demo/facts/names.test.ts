import { describe, expect, it } from 'vitest';
import { FATHER_NAMES, patronymic } from './names.ts';

describe('patronymic', () => {
  it.each([
    ['Сергей', 'Сергеевич', 'Сергеевна'],
    ['Анатолий', 'Анатольевич', 'Анатольевна'],
    ['Василий', 'Васильевич', 'Васильевна'],
    ['Геннадий', 'Геннадьевич', 'Геннадьевна'],
    ['Валерий', 'Валерьевич', 'Валерьевна'],
    ['Юрий', 'Юрьевич', 'Юрьевна'],
    ['Дмитрий', 'Дмитриевич', 'Дмитриевна'],
    ['Игорь', 'Игоревич', 'Игоревна'],
    ['Пётр', 'Петрович', 'Петровна'],
    ['Иван', 'Иванович', 'Ивановна'],
    ['Павел', 'Павлович', 'Павловна'],
    ['Михаил', 'Михайлович', 'Михайловна'],
  ])('of %s is %s / %s', (father, male, female) => {
    expect(patronymic(father, true)).toBe(male);
    expect(patronymic(father, false)).toBe(female);
  });

  it('never builds the forms the rules forbid from any father name of the demo', () => {
    const all = FATHER_NAMES.flatMap((father) => [patronymic(father, true), patronymic(father, false)]);
    expect(
      all.filter(
        (name) =>
          /ьович|иевич|иевна|йевич|елович|еловна|аилович|аиловна/.test(name) && !name.startsWith('Дмитри'),
      ),
    ).toEqual([]);
  });
});
