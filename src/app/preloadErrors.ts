// A screen's chunk can fail to load (a new release replaced it, the network dropped). Vite then
// fires `vite:preloadError`. We reload once to pick up the new files; if that already happened in
// this tab, the event is left unhandled, so Vite rethrows the error and the screen's error
// boundary explains it.
export const PRELOAD_RELOADED_KEY = 'portal:preload-reloaded';

export function installPreloadErrorHandler(
  target: Pick<Window, 'addEventListener'>,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (storage.getItem(PRELOAD_RELOADED_KEY) !== null) return;
    storage.setItem(PRELOAD_RELOADED_KEY, String(Date.now()));
    event.preventDefault();
    reload();
  });
}
