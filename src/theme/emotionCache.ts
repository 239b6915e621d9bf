import createCache, { type EmotionCache } from '@emotion/cache';
import { useEffect, useState } from 'react';
import type { ActiveDir } from './appearance';

const caches: Partial<Record<ActiveDir, EmotionCache>> = {};

// Left-to-right uses emotion's default plugins (its own stylis's prefixer): importing `stylis`
// here bundled a second copy of it into the first visit (~3 KB gzip, issue 25).
function ltrCache(): EmotionCache {
  caches.ltr ??= createCache({ key: 'app-ltr' });
  return caches.ltr;
}

/**
 * The RTL cache runs the stylis RTL plugin, which flips left/right in the generated CSS. The
 * plugin (with cssjanus) loads only when a person chooses right-to-left, so the first visit of
 * everyone else does not carry it.
 */
export async function loadRtlCache(): Promise<EmotionCache> {
  if (caches.rtl) return caches.rtl;
  const [{ default: rtlPlugin }, { prefixer }] = await Promise.all([
    import('stylis-plugin-rtl'),
    import('stylis'),
  ]);
  caches.rtl ??= createCache({ key: 'app-rtl', stylisPlugins: [prefixer, rtlPlugin] });
  return caches.rtl;
}

/** The emotion cache of a direction, once created (RTL after its plugin has loaded). */
export function getEmotionCache(dir: ActiveDir): EmotionCache | undefined {
  return dir === 'ltr' ? ltrCache() : caches.rtl;
}

/**
 * The cache for the direction in use. Until the RTL plugin has loaded (a few milliseconds, once),
 * the page keeps the cache it has, so nothing remounts and no state is lost; `null` only on a
 * first render in RTL, for which the provider waits.
 */
export function useEmotionCache(dir: ActiveDir): EmotionCache | null {
  const [, setLoaded] = useState(0);
  const ready = getEmotionCache(dir);
  const [shown, setShown] = useState<EmotionCache | null>(ready ?? null);
  useEffect(() => {
    if (dir !== 'rtl' || caches.rtl) return;
    let live = true;
    void loadRtlCache().then(() => {
      if (live) setLoaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [dir]);
  if (ready && ready !== shown) setShown(ready);
  return ready ?? shown;
}
