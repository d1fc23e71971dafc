/**
 * Where the layout takes its bar-sized typed arrays from, every one zero-filled as `new` gives it. `freshArena`
 * allocates; the worker passes a `BufferPool` of buffers handed back after earlier calls, because first touching
 * fresh memory can cost far more than the layout's arithmetic (measured in a loaded VM: ~5 ms to allocate and fill
 * an 800 KB Float64Array, 0.05 ms to refill a warm one).
 */
export interface Arena {
  float64(length: number): Float64Array;
  float32(length: number): Float32Array;
  int32(length: number): Int32Array;
  uint32(length: number): Uint32Array;
  uint8(length: number): Uint8Array;
  /** An array the layout no longer reads: a pool keeps its buffer for a later call, `freshArena` drops it. */
  release(array: ArrayBufferView): void;
}

/** New arrays every time. Example: `freshArena.int32(3)` → Int32Array [0, 0, 0]. */
export const freshArena: Arena = {
  float64: (length) => new Float64Array(length),
  float32: (length) => new Float32Array(length),
  int32: (length) => new Int32Array(length),
  uint32: (length) => new Uint32Array(length),
  uint8: (length) => new Uint8Array(length),
  release() {},
};

export interface BufferPool extends Arena {
  /** Buffers to reuse (detached or duplicate ones are skipped); beyond `maxBytes` in all, the oldest are dropped. */
  give(buffers: Iterable<ArrayBuffer>): void;
  /** Bytes held, for tests. */
  bytes(): number;
}

/** A pooled array sits at the start of an idle buffer at most this many times its size (else a fresh one). */
const MAX_SLACK = 2;

/**
 * An arena over idle buffers: each array is a view at the start of the smallest idle buffer that fits (within twice
 * its size), zero-filled, else a new buffer. Example: `pool.give([buffer]); pool.uint32(10).buffer === buffer`
 * when `buffer.byteLength` is 40 to 80.
 */
export function createBufferPool(maxBytes = 64 * 1024 * 1024): BufferPool {
  const idle: ArrayBuffer[] = [];
  let held = 0;
  /** An array of `length` on an idle buffer, zero-filled, or on a new one (zero already: no second pass over it). */
  const zeroed = <T extends { fill(value: number): T }>(
    bytes: number,
    view: (buffer: ArrayBuffer) => T,
  ): T => {
    let best = -1;
    for (let i = 0; i < idle.length; i++) {
      const size = idle[i].byteLength;
      if (size >= bytes && size <= bytes * MAX_SLACK && (best < 0 || size < idle[best].byteLength)) best = i;
    }
    if (best < 0) return view(new ArrayBuffer(bytes));
    const [buffer] = idle.splice(best, 1);
    held -= buffer.byteLength;
    return view(buffer).fill(0);
  };
  const give = (buffers: Iterable<ArrayBuffer>) => {
    for (const buffer of buffers) {
      if (buffer.byteLength === 0 || idle.includes(buffer)) continue;
      idle.push(buffer);
      held += buffer.byteLength;
    }
    while (held > maxBytes && idle.length > 0) held -= (idle.shift() as ArrayBuffer).byteLength;
  };
  return {
    float64: (length) => zeroed(length * 8, (buffer) => new Float64Array(buffer, 0, length)),
    float32: (length) => zeroed(length * 4, (buffer) => new Float32Array(buffer, 0, length)),
    int32: (length) => zeroed(length * 4, (buffer) => new Int32Array(buffer, 0, length)),
    uint32: (length) => zeroed(length * 4, (buffer) => new Uint32Array(buffer, 0, length)),
    uint8: (length) => zeroed(length, (buffer) => new Uint8Array(buffer, 0, length)),
    release(array) {
      if (array.buffer instanceof ArrayBuffer) give([array.buffer]);
    },
    give,
    bytes: () => held,
  };
}

/**
 * The distinct buffers under the typed arrays among an object's values (a layout result), for
 * `Comlink.transfer(result, transferables(result))`. Example: `transferables({ a, b: a.subarray(1) })` → [a.buffer].
 */
export function transferables(value: object): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const item of Object.values(value)) {
    if (ArrayBuffer.isView(item) && item.buffer instanceof ArrayBuffer) buffers.add(item.buffer);
  }
  return [...buffers];
}
