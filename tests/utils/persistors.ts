import type { Persistor } from 'redux-persist';

const active = new Set<Persistor>();

export function trackPersistor(persistor: Persistor): Persistor {
  active.add(persistor);
  return persistor;
}

/** Stops every test store's persistor and waits for its pending writes (see tests/setup.ts). */
export async function settlePersistors(): Promise<void> {
  const persistors = [...active];
  active.clear();
  for (const persistor of persistors) {
    persistor.pause();
    await persistor.flush();
  }
}
