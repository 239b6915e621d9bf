import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isVideoPlaying, useReportVideoPlaying } from '../../src/lib/videoPlayback';

function Player({ playing }: { playing: boolean }) {
  useReportVideoPlaying(playing);
  return null;
}

describe('useReportVideoPlaying', () => {
  it('counts every playing player and forgets one that stops or unmounts', () => {
    expect(isVideoPlaying()).toBe(false);
    const first = render(<Player playing />);
    const second = render(<Player playing={false} />);
    expect(isVideoPlaying()).toBe(true);

    second.rerender(<Player playing />);
    first.rerender(<Player playing={false} />);
    expect(isVideoPlaying()).toBe(true);

    second.unmount();
    expect(isVideoPlaying()).toBe(false);
    first.unmount();
    expect(isVideoPlaying()).toBe(false);
  });
});
