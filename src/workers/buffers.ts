import type { Arena } from '../timeline/geometry/arena.ts';
import type { LayoutInput } from '../timeline/geometry/layout.ts';

/** The distinct buffers under a layout input's bar arrays. Example: rows and groups on one buffer → 3 buffers. */
export function inputBuffers(input: LayoutInput): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const array of [input.starts, input.ends, input.rows, input.groups]) {
    if (array && array.buffer instanceof ArrayBuffer && array.buffer.byteLength > 0)
      buffers.add(array.buffer);
  }
  return [...buffers];
}

/**
 * The input with each bar array copied into arrays of `arena` (the client's pool of buffers the worker handed
 * back), so the copies can be transferred while the caller keeps its own arrays.
 * Example: `copyInput(input, pool).starts !== input.starts`, with the same values.
 */
export function copyInput(input: LayoutInput, arena: Arena): LayoutInput {
  const copy = <T extends Float64Array | Int32Array>(array: T, make: (length: number) => T): T => {
    const out = make(array.length);
    out.set(array);
    return out;
  };
  const rows = copy(input.rows, arena.int32);
  const sent = {
    ...input,
    starts: copy(input.starts, arena.float64),
    ends: copy(input.ends, arena.float64),
    rows,
  };
  if (input.groups) sent.groups = input.groups === input.rows ? rows : copy(input.groups, arena.int32);
  return sent;
}
