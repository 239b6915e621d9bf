// The one piece of Babel's generator runtime that @pdf-lib/fontkit 1.1.1 calls without bundling
// it (issue 27). Its Indic and Universal shapers (Devanagari, Bengali, Tamil…) find syllables with
// a state machine whose `match` was compiled from a generator function to
// `regeneratorRuntime.mark(fn)` / `regeneratorRuntime.wrap(fn)` and expects the runtime as a
// global: without it, laying out any Hindi text throws "regeneratorRuntime is not defined"
// (pdf-lib issues #785, #1419). That compiled function is the bundle's only use of the runtime,
// and it uses only `context.prev`, `context.next` and `context.stop()`; this implements exactly
// that protocol: each call of the compiled body runs to its next `return`, which is a `yield`
// unless `stop()` ended it. Installed only when no runtime is there (the real
// `regenerator-runtime` package, if ever loaded, wins). Tested through the Hindi comment of
// `mains-photos.test.mjs` (its conjunct is one shaped glyph in the copy).

interface GeneratorContext {
  prev: number | string;
  next: number | string;
  stop(): undefined;
}

type CompiledBody = (this: unknown, context: GeneratorContext) => unknown;

const wrap = (body: CompiledBody, _outer?: unknown, self?: unknown): Iterator<unknown> => {
  let done = false;
  const context: GeneratorContext = {
    prev: 0,
    next: 0,
    stop: () => {
      done = true;
      return undefined;
    },
  };
  const iterator: IterableIterator<unknown> = {
    next: () => {
      if (done) return { value: undefined, done: true };
      context.prev = context.next;
      const value = body.call(self, context);
      return done ? { value: undefined, done: true } : { value, done: false };
    },
    [Symbol.iterator]: () => iterator,
  };
  return iterator;
};

/** Makes `regeneratorRuntime` global for fontkit's shapers (idempotent). */
export const installFontkitRuntime = (): void => {
  const scope = globalThis as { regeneratorRuntime?: unknown };
  scope.regeneratorRuntime ??= { mark: <T>(fn: T): T => fn, wrap };
};
