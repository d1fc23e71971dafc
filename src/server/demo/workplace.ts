import type { workplaces } from '../db/schema/reference.ts';
import { workplaceDistances } from '../db/schema/workplace.ts';
import { WORKPLACE_KIND } from './facts/lists.ts';
import { type DemoTable, Table } from './table.ts';

/** Service buildings of the airport with their place on the plan, in metres from the terminal's west end. */
const SERVICE_BUILDINGS: [name: string, x: number, y: number][] = [
  ['Служба перронного обеспечения', -260, 320],
  ['Гараж спецтранспорта', -420, 520],
  ['Служба бортпитания', 980, 360],
  ['Склад ГСМ', 1150, 640],
  ['Служба обработки багажа', 640, -40],
  ['Медпункт', 120, -140],
];

/** Where the halls stand inside the terminal (y < 0 is landside of the airside frontage). */
const HALLS: Record<string, [number, number]> = {
  'VIP-зал': [20, -70],
  'Зал вылета': [220, -60],
  'Бизнес-зал': [320, -50],
  'Зал прилёта': [430, -60],
  'Багажный зал': [540, -70],
  'Зал международных линий': [620, -55],
};

/** The point of a workplace on the plan: gates along the terminal, contact and remote stands in two rows. */
function placeOf(row: { name: string; kind: number }, index: number): [number, number] {
  const number = Number(row.name.replace(/\D+/g, '')) || index;
  if (row.kind === WORKPLACE_KIND.gate) return [20 + 46 * (number - 1), 0];
  if (row.kind === WORKPLACE_KIND.stand)
    return number <= 14 ? [20 + 46 * (number - 1), 160] : [-200 + 75 * (number - 15), 480];
  return HALLS[row.name] ?? [300, -60];
}

/** Inside the terminal one walks; elsewhere one drives the service roads, which wind (×1.2). */
function distanceOf(a: Place, b: Place): number {
  const straight = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
  const indoors = a.kind !== WORKPLACE_KIND.stand && b.kind !== WORKPLACE_KIND.stand && a.y <= 0 && b.y <= 0;
  const way = indoors ? straight : straight * 1.2;
  // The apron road is one-way clockwise: driving back from a remote place adds a loop round the stands.
  const back = !indoors && a.id > b.id && Math.max(a.y, b.y) >= 320 ? 150 : 0;
  return Math.max(5, Math.round((way + back) / 5) * 5);
}

interface Place {
  id: number;
  kind: number;
  x: number;
  y: number;
}

/**
 * Adds the service buildings to the workplaces and answers the distance table: every ordered pair of workplaces
 * but two gates (next to each other, nobody measures them), so the screen shows both filled and empty cells.
 * Example: 32 stands, 14 gates, 6 halls and 6 buildings → 58 × 57 − 14 × 13 = 3,124 entries.
 */
export function buildWorkplaceDistances(places: Table<typeof workplaces>): DemoTable[] {
  for (const [name] of SERVICE_BUILDINGS)
    places.add({ id: places.nextId, name, kind: WORKPLACE_KIND.serviceBuilding });
  const points: Place[] = places.rows.map((row, index) => {
    const id = row.id as number;
    const kind = row.kind as number;
    const building = SERVICE_BUILDINGS.find(([name]) => name === row.name);
    const [x, y] = building ? [building[1], building[2]] : placeOf({ name: row.name as string, kind }, index);
    return { id, kind, x, y };
  });
  const distances = new Table(workplaceDistances);
  for (const from of points)
    for (const to of points) {
      if (from.id === to.id) continue;
      if (from.kind === WORKPLACE_KIND.gate && to.kind === WORKPLACE_KIND.gate) continue;
      distances.add({
        id: distances.nextId,
        workplaceFromId: from.id,
        workplaceToId: to.id,
        distance: distanceOf(from, to),
      });
    }
  return [distances];
}
