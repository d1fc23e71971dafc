/** A select option (spec 3.3). `group` names the key of its option group. */
export interface SelectOption {
  id: string | number;
  name: string;
  subtitle?: string;
  value?: unknown;
  disable?: boolean;
  group?: string;
}

/** An option group (spec 3.3). */
export interface OptionGroup {
  key: string;
  name: string;
  color?: string;
  required?: boolean;
}

/** One drawn row of an option list: a group title or an option with its place among the choosable ones. */
export type OptionRow =
  | { kind: 'group'; group: OptionGroup }
  | { kind: 'option'; option: SelectOption; activeIndex: number };

/** Options whose name or subtitle contains the query, case-insensitively: `filterOptions(opts, 'аэр')`. */
export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  const needle = query.trim().toLocaleLowerCase('ru');
  if (needle === '') return [...options];
  return options.filter(
    (option) =>
      option.name.toLocaleLowerCase('ru').includes(needle) ||
      (option.subtitle ?? '').toLocaleLowerCase('ru').includes(needle),
  );
}

/**
 * Rows to draw, options under their group titles in group order, ungrouped options first;
 * disabled options get activeIndex -1 so the keyboard skips them.
 */
export function buildRows(
  options: readonly SelectOption[],
  groups: readonly OptionGroup[] = [],
): OptionRow[] {
  const rows: OptionRow[] = [];
  let next = 0;
  const push = (option: SelectOption) => {
    rows.push({ kind: 'option', option, activeIndex: option.disable ? -1 : next });
    if (!option.disable) next += 1;
  };
  const known = new Set(groups.map((group) => group.key));
  for (const option of options) if (!option.group || !known.has(option.group)) push(option);
  for (const group of groups) {
    const members = options.filter((option) => option.group === group.key);
    if (members.length === 0) continue;
    rows.push({ kind: 'group', group });
    for (const option of members) push(option);
  }
  return rows;
}

/** The choosable options in drawn order, which is what the keyboard walks through. */
export function choosable(rows: readonly OptionRow[]): SelectOption[] {
  const result: SelectOption[] = [];
  for (const row of rows) if (row.kind === 'option' && row.activeIndex !== -1) result.push(row.option);
  return result;
}

/** Whether every enabled option is chosen, which a multiselect treats as 'all' (spec 5). */
export function isAllChosen(options: readonly SelectOption[], chosen: readonly (string | number)[]): boolean {
  const enabled = options.filter((option) => !option.disable);
  return enabled.length > 0 && enabled.every((option) => chosen.includes(option.id));
}

/**
 * What a closed multiselect shows (spec 9): `multiSummary(opts, allIds, 'авиакомпании')` is 'Все авиакомпании'.
 */
export function multiSummary(
  options: readonly SelectOption[],
  chosen: readonly (string | number)[],
  allWord: string,
): string {
  if (chosen.length === 0) return '';
  if (isAllChosen(options, chosen)) return `Все ${allWord}`;
  return options
    .filter((option) => chosen.includes(option.id))
    .map((option) => option.name)
    .join(', ');
}
