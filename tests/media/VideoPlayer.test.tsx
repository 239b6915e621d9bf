// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: happy-dom gives an iframe no contentWindow (docs/decisions.md, "CI time").
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VideoPlayer, playerStateOf } from '../../src/features/media/VideoPlayer';
import { isVideoPlaying } from '../../src/lib/videoPlayback';
import { youtubeVideoId } from '../../src/features/media/youtube';

const YT = 'https://www.youtube-nocookie.com';

function post(frame: HTMLIFrameElement, data: unknown, origin = YT) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin, source: frame.contentWindow }),
    );
  });
}

describe('VideoPlayer', () => {
  it('embeds the privacy-enhanced player with the IFrame API for this origin', () => {
    render(<VideoPlayer url="https://www.youtube.com/watch?v=abcdefghijk" title="Intro" />);
    const frame = screen.getByTitle('Intro');
    expect(frame).toHaveAttribute(
      'src',
      `${YT}/embed/abcdefghijk?enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}`,
    );
  });

  it('sends the listening handshake on load and reports playing and paused to the idle watcher', () => {
    const view = render(<VideoPlayer url="https://youtu.be/abcdefghijk" title="Intro" />);
    const frame = screen.getByTitle<HTMLIFrameElement>('Intro');
    const target = frame.contentWindow;
    if (!target) throw new Error('no frame window');
    const postMessage = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);

    fireEvent.load(frame);
    expect(postMessage).toHaveBeenCalledTimes(1);
    const [handshake, targetOrigin] = postMessage.mock.calls[0] as [string, string];
    expect(JSON.parse(handshake)).toMatchObject({ event: 'listening' });
    expect(targetOrigin).toBe(YT);

    expect(isVideoPlaying()).toBe(false);
    post(frame, JSON.stringify({ event: 'onStateChange', info: 1 }));
    expect(isVideoPlaying()).toBe(true);
    post(frame, JSON.stringify({ event: 'onStateChange', info: 2 }));
    expect(isVideoPlaying()).toBe(false);
    post(frame, JSON.stringify({ event: 'infoDelivery', info: { playerState: 1 } }));
    expect(isVideoPlaying()).toBe(true);
    post(frame, JSON.stringify({ event: 'infoDelivery', info: { playerState: 0 } }));
    expect(isVideoPlaying()).toBe(false);

    // Playing again, then the player goes away: it stops counting.
    post(frame, JSON.stringify({ event: 'onStateChange', info: 1 }));
    expect(isVideoPlaying()).toBe(true);
    view.unmount();
    expect(isVideoPlaying()).toBe(false);
  });

  it('ignores messages from other origins or other windows', () => {
    render(<VideoPlayer url="https://youtu.be/abcdefghijk" title="Intro" />);
    const frame = screen.getByTitle<HTMLIFrameElement>('Intro');
    post(frame, JSON.stringify({ event: 'onStateChange', info: 1 }), 'https://evil.test');
    expect(isVideoPlaying()).toBe(false);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify({ event: 'onStateChange', info: 1 }),
          origin: YT,
          source: window,
        }),
      );
    });
    expect(isVideoPlaying()).toBe(false);
  });

  it('reads player states from strings and objects, and nothing from other messages', () => {
    expect(playerStateOf({ event: 'onStateChange', info: 2 })).toBe(2);
    expect(playerStateOf('not json')).toBeNull();
    expect(playerStateOf(JSON.stringify({ event: 'onReady' }))).toBeNull();
  });
});

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abcdefghijk', 'abcdefghijk'],
    ['https://youtu.be/abcdefghijk?t=4', 'abcdefghijk'],
    ['https://www.youtube.com/embed/abcdefghijk', 'abcdefghijk'],
    ['https://youtube.com/shorts/abcdefghijk', 'abcdefghijk'],
    ['https://m.youtube.com/watch?v=abcdefghijk&list=x', 'abcdefghijk'],
  ])('finds the id in %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });

  it.each([
    'https://vimeo.com/123456',
    'https://www.youtube.com/channel/abc',
    'https://www.youtube.com/watch?v=short',
    'https://youtu.be.evil.test/abcdefghijk',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => {
    expect(youtubeVideoId(url)).toBeNull();
  });
});
