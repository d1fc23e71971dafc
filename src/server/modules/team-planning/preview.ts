/**
 * What an assignment would do before it is made (the confirmation's warning) and the short reasons of suitability.
 * The answer's schema lives here because src/shared/team-planning.ts belongs to another owner; the client keeps a
 * copy of it (src/app/team-planning/api.ts) until it moves there.
 */
import { z } from '../../../shared/messages.ts';
import { namedItemSchema } from '../../../shared/reference.ts';
import { suitableTeamsSchema } from '../../../shared/team-planning.ts';

const count = z.number().int();

/** `GET team-flight/preview`: the dry run of assign (or reassign with from_team_id), nothing written. */
export const assignPreviewSchema = z.object({
  /** Whether the write would go through; otherwise `reasons` says why not (the refusal's texts). */
  possible: z.boolean(),
  reasons: z.array(z.string()),
  /** Task staff rows the write would delete: people of the team's positions not in it, and on reassign the old team. */
  removed: count,
  /** Task staff rows the write would add: members of the team. */
  added: count,
  /** Per position of the team: how many more people it would need so that no task of the flight stays short. */
  shortage: z.array(z.object({ position: namedItemSchema, missing: count })),
  /** The flight's tasks the write changes or leaves short, in begin order. */
  tasks: z.array(
    z.object({
      task_id: count,
      job: z.string(),
      /** Wall clock 'YYYY-MM-DD HH:mm:ss' of the caller's zone. */
      begin: z.string(),
      end: z.string(),
      removed: count,
      added: count,
      /** People of the team's positions the task needs, and how many it would have after the write. */
      needed: count,
      staffed: count,
    }),
  ),
});
export type AssignPreview = z.infer<typeof assignPreviewSchema>;

/** suitable-teams with `possible`: the write would go through even where `suitable` is false (tasks left short). */
export const suitableTeamsAnswerSchema = z.array(
  suitableTeamsSchema.element.extend({ possible: z.boolean() }),
);

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
  /** A refusal: for some need not one member could be given. */
  noFreeStaff: (list: string) => `Нет свободных сотрудников: ${list}`,
  /** Not suitable: tasks would stay short. */
  shortOf: (list: string) => `Не хватает сотрудников: ${list}`,
} as const;

/** A wall clock 'YYYY-MM-DD HH:mm…' as shown to people: '10.03.2026 08:00'. */
export function displayStamp(wall: string): string {
  return `${wall.slice(8, 10)}.${wall.slice(5, 7)}.${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
}
