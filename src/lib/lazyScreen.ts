import { lazy, type ComponentType } from 'react';

/** A screen loaded on demand, as its own chunk, from a module's named export. */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
