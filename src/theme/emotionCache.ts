import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import type { ActiveDir } from './appearance';

const caches: Partial<Record<ActiveDir, EmotionCache>> = {};

/**
 * One emotion cache per direction, created on first use and then reused. The RTL cache runs the
 * stylis RTL plugin, which flips left/right in the generated CSS.
 */
export function getEmotionCache(dir: ActiveDir): EmotionCache {
  const existing = caches[dir];
  if (existing) return existing;
  const cache =
    dir === 'rtl'
      ? createCache({ key: 'app-rtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'app-ltr', stylisPlugins: [prefixer] });
  caches[dir] = cache;
  return cache;
}
