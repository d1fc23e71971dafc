import { resolveWallTime, zoneOffset } from '../../shared/wallClock.ts';
import { MS_PER_DAY, MS_PER_MINUTE } from './table.ts';

/** Offsets are cached per quarter hour: every zone change of the tz database in our years falls on one. */
const OFFSET_BUCKET_MS = 15 * MS_PER_MINUTE;

/**
 * The calendar of the home airport's zone: local day numbers and wall times as instants. The generator asks
 * it for hundreds of thousands of times, so offsets are cached; the rules are those of src/shared/wallClock.ts.
 */
export class LocalCalendar {
  private readonly offsets = new Map<number, number>();
  private readonly instants = new Map<number, number>();

  constructor(readonly zone: string) {}

  /** The zone's offset from UTC at an instant, in ms. */
  offset(instant: number): number {
    const bucket = Math.floor(instant / OFFSET_BUCKET_MS);
    let offset = this.offsets.get(bucket);
    if (offset === undefined) {
      offset = zoneOffset(bucket * OFFSET_BUCKET_MS, this.zone);
      this.offsets.set(bucket, offset);
    }
    return offset;
  }

  /** The local day of an instant, counted in days from 1970-01-01; day 0 was a Thursday. */
  dayOf(instant: number): number {
    return Math.floor((instant + this.offset(instant)) / MS_PER_DAY);
  }

  /** The instant of a wall time `minute` minutes after local midnight of a day (so 600 is 10:00 on a DST day too). */
  at(day: number, minute = 0): number {
    const wall = day * MS_PER_DAY + minute * MS_PER_MINUTE;
    let instant = this.instants.get(wall);
    if (instant === undefined) {
      instant = resolveWallTime(wall, (at) => this.offset(at));
      this.instants.set(wall, instant);
    }
    return instant;
  }

  /** Monday 0 to Sunday 6 of a local day. */
  weekday(day: number): number {
    return (((day + 3) % 7) + 7) % 7;
  }
}
