import { describe, expect, expectTypeOf, it } from 'vitest';
import { RULE_NAMES, type RuleName } from '../../shared/rules.ts';
import { ROUTES, type RouteEntry } from '../routes.ts';
import { tableRuleNames } from './availability.ts';
import { can, useCan } from './rules.ts';

// The @ts-expect-error lines are the test: `tsc --noEmit` fails if a misspelt rule name ever compiles again.
describe('rule names are typed', () => {
  it('refuses a misspelt rule in a route entry, its extra rules and the can check', () => {
    const entry: Pick<RouteEntry, 'rule' | 'extraRules'> = {
      // @ts-expect-error 'calc-indx' is not a rule of the catalogue
      rule: 'calc-indx',
      // @ts-expect-error 'tariff-calc-creat' is not a rule of the catalogue
      extraRules: ['tariff-calc-creat'],
    };
    // @ts-expect-error one misspelt name in a list of any-one-of is refused too
    const anyOf: RouteEntry['rule'] = ['team-all', 'read-all-teams'];
    // @ts-expect-error 'tariff-vip-field-edit' is not a rule of the catalogue
    const held = () => can('tariff-vip-field-edit');
    // @ts-expect-error the hook takes catalogue names only
    const hook = () => useCan('calc-remove');
    expect([entry, anyOf, held, hook]).toHaveLength(4);
  });

  it('takes every rule of the table from the catalogue', () => {
    expectTypeOf(tableRuleNames).returns.toEqualTypeOf<RuleName[]>();
    expectTypeOf<RouteEntry['extraRules']>().toEqualTypeOf<readonly RuleName[]>();
    for (const name of tableRuleNames(ROUTES)) expect(RULE_NAMES).toContain(name);
  });
});
