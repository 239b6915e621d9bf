// Babel's generator runtime for @pdf-lib/fontkit 1.1.1 (issue 27). Its Indic and Universal
// shapers (Devanagari, Bengali, Tamil…) find syllables with a state machine compiled from a
// generator function to `regeneratorRuntime.mark(fn)` / `regeneratorRuntime.wrap(fn)`, which
// expects the runtime as a global the bundle does not ship: without it, laying out any Hindi text
// throws "regeneratorRuntime is not defined" (pdf-lib issues #785, #1419). The maintained
// `regenerator-runtime` package defines that global when it is loaded. Loaded only when no
// runtime is there yet (a test puts a broken one there to check the flattening survives it).
import { createRequire } from 'node:module';

const load = createRequire(__filename);

/** Makes `regeneratorRuntime` global for fontkit's shapers (idempotent). */
export const installFontkitRuntime = (): void => {
  if ('regeneratorRuntime' in globalThis) return;
  load('regenerator-runtime');
};
