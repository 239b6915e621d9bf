import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './msw/server';
import { persistStorage } from '../src/store/store';
import { settlePersistors } from './utils/persistors';

// The test DOM (happy-dom; jsdom in a few files) gets a fixed matchMedia and scrollTo, in the
// browser's shape: a desktop-wide window (1280 px, light colour scheme), with min-/max-width
// queries answered against that width.
Object.defineProperty(window, 'innerWidth', { writable: true, configurable: true, value: 1280 });

function matchesQuery(query: string): boolean {
  return query
    .split(/\s+and\s+/)
    .map((part) => part.trim())
    .every((part) => {
      const width = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
      if (width) {
        const px = Number(width[2]);
        return width[1] === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
      }
      return false;
    });
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: matchesQuery(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// Screens load as lazy chunks; give a busy two-core machine time to load them.
configure({ asyncUtilTimeout: 10000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  // A store's persistor writes a moment after each change: let it finish before clearing.
  await settlePersistors();
  await persistStorage.clear();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
