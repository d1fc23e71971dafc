import { anyRule } from '../../http/access.ts';

/** The OpenAPI tag of team planning's routes. */
export const TAGS = ['Планирование бригад'];
/** Reads: any of the four team rules (spec 2). */
export const READ = anyRule('read-all-team', 'read-department-team', 'edit-department-team', 'team-all');
/** Writes: edit-department-team (own department) or team-all (spec 6). */
export const WRITE = anyRule('edit-department-team', 'team-all');
