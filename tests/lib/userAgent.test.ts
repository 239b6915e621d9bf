import { describe, expect, it } from 'vitest';
import { describeClient } from '../../src/lib/userAgent';

function nav(userAgent: string, userAgentData?: object): Navigator {
  return { userAgent, userAgentData } as unknown as Navigator;
}

describe('describeClient', () => {
  it('reads Chrome on Windows desktop', () => {
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    expect(describeClient(nav(ua))).toEqual({
      browser: 'Chrome 130',
      os: 'Windows',
      device: 'Desktop',
      userAgent: ua,
    });
  });

  it('reads Safari on an iPhone', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeClient(nav(ua))).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS',
      device: 'Mobile',
    });
  });

  it('reads Firefox on Linux and Edge on macOS', () => {
    expect(
      describeClient(nav('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')),
    ).toMatchObject({ browser: 'Firefox 128', os: 'Linux', device: 'Desktop' });
    expect(
      describeClient(
        nav(
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
        ),
      ),
    ).toMatchObject({ browser: 'Edge 130', os: 'macOS' });
  });

  it('uses userAgentData for the mobile hint', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0.0.0 Safari/537.36';
    expect(describeClient(nav(ua, { mobile: true, platform: 'Linux' })).device).toBe('Mobile');
  });
});
