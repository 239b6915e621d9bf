// Issue 24: the time left is told to screen readers at 10, 5 and 1 minute left, once each, and
// never every second.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crossedPoint, TimeAnnouncer } from '../../src/features/test-taking/TimeAnnouncer';

describe('time announcements', () => {
  it('says 10, 5 and 1 minute left as the clock reaches them, and nothing in between', () => {
    const { rerender } = render(<TimeAnnouncer secondsLeft={605} />);
    const region = screen.getByTestId('time-announcer');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    rerender(<TimeAnnouncer secondsLeft={601} />);
    expect(region).toHaveTextContent('');
    rerender(<TimeAnnouncer secondsLeft={600} />);
    expect(region).toHaveTextContent('10 minutes left.');
    rerender(<TimeAnnouncer secondsLeft={599} />);
    expect(region).toHaveTextContent('10 minutes left.');
    rerender(<TimeAnnouncer secondsLeft={300} />);
    expect(region).toHaveTextContent('5 minutes left.');
    rerender(<TimeAnnouncer secondsLeft={61} />);
    rerender(<TimeAnnouncer secondsLeft={60} />);
    expect(region).toHaveTextContent('1 minute left.');
  });

  it('a resume with 4 minutes left announces nothing at once; a jump over two points tells the nearer', () => {
    expect(crossedPoint(null, 240)).toBeNull();
    expect(crossedPoint(700, 250)).toBe(300);
    expect(crossedPoint(240, 239)).toBeNull();
    expect(crossedPoint(61, 0)).toBe(60);
  });
});
