/** The short texts of suitability and of an assignment's dry run (the schemas are in src/shared/team-planning.ts). */

/** A position's name inside a sentence: 'Уборщик салона ВС' → 'уборщик салона ВС', 'ВС техник' stays. */
function positionInText(name: string): string {
  const [first, second] = name;
  if (!first || !second || second !== second.toLowerCase()) return name;
  return first.toLowerCase() + name.slice(1);
}

/** 'грузчик ×4, техник ×1' of the positions and how many are missing. */
export function shortageList(items: readonly { name: string; missing: number }[]): string {
  return items.map((item) => `${positionInText(item.name)} ×${item.missing}`).join(', ');
}

/** The team planning texts the shared TEAM_MESSAGES does not have. */
export const PREVIEW_MESSAGES = {
  /** Not suitable: tasks would stay short. */
  shortOf: (list: string) => `Не хватает сотрудников: ${list}`,
} as const;
