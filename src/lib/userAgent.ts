// Browser, operating system and device kind for diagnostics, read simply from the user agent
// (and from navigator.userAgentData where the browser has it).

export interface ClientDescription {
  browser: string;
  os: string;
  device: string;
  userAgent: string;
}

interface UserAgentData {
  mobile?: boolean;
  platform?: string;
  brands?: { brand: string; version: string }[];
}

function userAgentDataOf(nav: Navigator): UserAgentData | null {
  const data: unknown = (nav as Navigator & { userAgentData?: unknown }).userAgentData;
  return typeof data === 'object' && data !== null ? (data as UserAgentData) : null;
}

function versionAfter(ua: string, marker: RegExp): string {
  const match = marker.exec(ua);
  return match?.[1] ? ` ${match[1]}` : '';
}

export function browserOf(ua: string): string {
  if (/Edg(e|A|iOS)?\//.test(ua)) return `Edge${versionAfter(ua, /Edg(?:e|A|iOS)?\/(\d+)/)}`;
  if (/OPR\/|Opera/.test(ua)) return `Opera${versionAfter(ua, /OPR\/(\d+)/)}`;
  if (/SamsungBrowser\//.test(ua))
    return `Samsung Internet${versionAfter(ua, /SamsungBrowser\/(\d+)/)}`;
  if (/Firefox\/|FxiOS\//.test(ua)) return `Firefox${versionAfter(ua, /(?:Firefox|FxiOS)\/(\d+)/)}`;
  if (/Chrome\/|CriOS\//.test(ua)) return `Chrome${versionAfter(ua, /(?:Chrome|CriOS)\/(\d+)/)}`;
  if (/Safari\//.test(ua)) return `Safari${versionAfter(ua, /Version\/(\d+)/)}`;
  return 'Unknown';
}

export function osOf(ua: string, platform?: string): string {
  if (/Windows/.test(ua)) return 'Windows';
  if (/Android/.test(ua)) return 'Android';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return platform || 'Unknown';
}

export function deviceOf(ua: string, mobileHint?: boolean): string {
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'Tablet';
  if (mobileHint === true || /Mobi|iPhone|iPod|Android/.test(ua)) return 'Mobile';
  return 'Desktop';
}

export function describeClient(nav: Navigator = navigator): ClientDescription {
  const ua = nav.userAgent;
  const data = userAgentDataOf(nav);
  return {
    browser: browserOf(ua),
    os: osOf(ua, data?.platform),
    device: deviceOf(ua, data?.mobile),
    userAgent: ua,
  };
}
