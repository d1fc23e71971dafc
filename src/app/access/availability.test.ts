import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.ts';
import {
  availableRoutes,
  hashAddress,
  isAvailable,
  matchRoute,
  pathPrefix,
  tableRuleNames,
} from './availability.ts';

/** Spec 2.2, one row each: the path, the rules that open it (none = ungated). */
const TABLE: [string, string[]][] = [
  ['/workplace', ['workplace-distance-index']],
  ['/allocation', ['allocation-index']],
  ['/skill-access', ['skill-access-index']],
  ['/team-planning', ['read-all-team', 'read-department-team', 'edit-department-team', 'team-all']],
  ['/team-planning-race', ['read-all-team', 'read-department-team', 'edit-department-team', 'team-all']],
  ['/flight/view/:id', []],
  ['/baggage/flight/:id', []],
  ['/tariff/vip-passenger', []],
  ['/tariff/service', []],
  ['/race-newest', []],
  ['/resource-planning', ['strategic-planning-index']],
  ['/shift-schedules/:id', ['strategic-planning-index']],
  ['/planning-calc-history', ['calc-index']],
  ['/planning-vacation/:id', []],
  ['/brs/config', []],
  ['/system/config#kpi_report', []],
  ['/system/config#postal-statements', []],
  ['/delay-employee', ['delay-employee-index']],
  ['/audit', ['audit-index']],
  ['/react_app', []],
];

describe('the route table', () => {
  it('holds every row of spec 2.2 with its gating rules', () => {
    expect(ROUTES.map((entry) => entry.path).sort()).toEqual(TABLE.map(([path]) => path).sort());
    for (const [path, rules] of TABLE) {
      const entry = ROUTES.find((candidate) => candidate.path === path)!;
      const gating = typeof entry.rule === 'string' ? (entry.rule ? [entry.rule] : []) : [...entry.rule];
      expect(gating, path).toEqual(rules);
    }
  });

  it.each(TABLE)('opens %s only to a holder of one of its rules', (path, rules) => {
    const entry = ROUTES.find((candidate) => candidate.path === path)!;
    expect(isAvailable(entry.rule, [])).toBe(rules.length === 0);
    for (const rule of rules) expect(isAvailable(entry.rule, [rule])).toBe(true);
    expect(isAvailable(entry.rule, ['unrelated-rule'])).toBe(rules.length === 0);
  });

  it('keeps the extra rules of the tariff screens out of the gate', () => {
    const vip = ROUTES.find((entry) => entry.path === '/tariff/vip-passenger')!;
    expect(vip.extraRules).toEqual([
      'tariff-vip-field-create',
      'tariff-vip-field-update',
      'tariff-vip-field-delete',
    ]);
    expect(isAvailable(vip.rule, [])).toBe(true);
  });

  it('names every rule once for the rules request', () => {
    const names = tableRuleNames(ROUTES);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('calc-delete');
    expect(names).toContain('edit-settings-baggage-aviacompany');
    expect(names).not.toContain('');
  });
});

describe('when checking a rule', () => {
  it('treats an empty string and an empty list as no rule', () => {
    expect(isAvailable('', [])).toBe(true);
    expect(isAvailable([], [])).toBe(true);
  });

  it('needs any one rule of a list', () => {
    expect(isAvailable(['calc-index', 'team-all'], ['team-all'])).toBe(true);
    expect(isAvailable(['calc-index', 'team-all'], ['calc-delete'])).toBe(false);
  });
});

describe('when matching a location to an entry', () => {
  it('takes the entry equal to path plus hash', () => {
    expect(matchRoute(ROUTES, '/system/config', '#postal-statements')?.path).toBe(
      '/system/config#postal-statements',
    );
    expect(matchRoute(ROUTES, '/system/config', '#kpi_report')?.path).toBe('/system/config#kpi_report');
    // The group's base as the spec writes it, with its slash.
    expect(matchRoute(ROUTES, '/system/config/', '#kpi_report')?.path).toBe('/system/config#kpi_report');
    expect(hashAddress('/system/config/', '#postal-statements')).toBe('/system/config#postal-statements');
    expect(hashAddress('/', '')).toBe('/');
  });

  it('takes an entry whose prefix before /:id the path contains', () => {
    expect(pathPrefix('/flight/view/:id')).toBe('/flight/view');
    expect(matchRoute(ROUTES, '/flight/view/123', '')?.path).toBe('/flight/view/:id');
    expect(matchRoute(ROUTES, '/baggage/flight/7', '')?.path).toBe('/baggage/flight/:id');
    expect(matchRoute(ROUTES, '/shift-schedules/15', '')?.path).toBe('/shift-schedules/:id');
  });

  it('takes the exact entry over a shorter contained prefix', () => {
    expect(matchRoute(ROUTES, '/team-planning-race', '')?.path).toBe('/team-planning-race');
    expect(matchRoute(ROUTES, '/team-planning', '')?.path).toBe('/team-planning');
  });

  it('matches sub-paths of the showcase by prefix', () => {
    expect(matchRoute(ROUTES, '/react_app/grid', '')?.path).toBe('/react_app');
  });

  it('answers nothing for an unknown path', () => {
    expect(matchRoute(ROUTES, '/unknown', '')).toBeUndefined();
  });
});

describe('when listing the routes a user may open', () => {
  it('gives a user without rules only the ungated routes', () => {
    const paths = availableRoutes(ROUTES, []).map((entry) => entry.path);
    expect(paths).toContain('/race-newest');
    expect(paths).not.toContain('/team-planning');
    expect(paths).not.toContain('/planning-calc-history');
  });

  it('opens both team routes to a holder of read-department-team', () => {
    const paths = availableRoutes(ROUTES, ['read-department-team']).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/team-planning', '/team-planning-race']));
  });
});
