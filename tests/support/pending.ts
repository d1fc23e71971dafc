/** A promise a test settles by hand, to look at a machine while its call runs. */
export function pending<T>() {
  const handle = {} as { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
  handle.promise = new Promise<T>((resolve, reject) => Object.assign(handle, { resolve, reject }));
  return handle;
}
