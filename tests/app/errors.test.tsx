import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../src/components/feedback/ErrorBoundary';
import { installPreloadErrorHandler } from '../../src/app/preloadErrors';

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

describe('failed screens', () => {
  it('explains a screen whose chunk failed to load, with a way to reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken message="Failed to fetch dynamically imported module: /assets/X.js" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This screen could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('handles the first preload error by reloading, and rethrows (leaves unhandled) the next', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    installPreloadErrorHandler(target as unknown as Window, sessionStorage, reload);

    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    const second = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
