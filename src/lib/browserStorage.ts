// Forgetting what the browser keeps for this origin (used by sign-out). Every step is best effort:
// storage can be disabled or sandboxed, and a failure in one place must not stop the others.

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/** Removes every local-storage key except the ones listed (device preferences such as appearance). */
export function clearLocalStorageExcept(
  keep: readonly string[],
  storage: Storage | null = safeStorage('localStorage'),
): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null && !keep.includes(key)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused: nothing more we can do.
  }
}

export function clearSessionStorage(storage: Storage | null = safeStorage('sessionStorage')): void {
  try {
    storage?.clear();
  } catch {
    // Storage refused: nothing more we can do.
  }
}

/** Every path a cookie of this page may have been set on: "/", "/a", "/a/b", ... */
function cookiePaths(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  const paths = ['/'];
  for (let index = 1; index <= parts.length; index += 1) {
    paths.push(`/${parts.slice(0, index).join('/')}`);
  }
  return paths;
}

/** Host-only first, then the host and each parent domain (".b.example.com", ".example.com"). */
function cookieDomains(hostname: string): (string | null)[] {
  const domains: (string | null)[] = [null];
  if (!hostname || /^[\d.]+$/.test(hostname) || !hostname.includes('.')) return domains;
  const labels = hostname.split('.');
  for (let index = 0; index < labels.length - 1; index += 1) {
    domains.push(labels.slice(index).join('.'));
  }
  return domains;
}

/**
 * Expires every cookie this page can read. A cookie is removed only by a write with its own path
 * and domain, which the page cannot read back, so each likely combination is written. HttpOnly
 * cookies are out of reach of any script (and are the server's to expire).
 */
export function clearCookies(doc: Document = document): void {
  let names: string[];
  try {
    names = doc.cookie
      .split(';')
      .map((pair) => pair.split('=')[0]?.trim() ?? '')
      .filter(Boolean);
  } catch {
    return;
  }
  const { pathname, hostname } = doc.location ?? { pathname: '/', hostname: '' };
  for (const name of new Set(names)) {
    for (const path of cookiePaths(pathname)) {
      for (const domain of cookieDomains(hostname)) {
        const domainPart = domain ? `; domain=${domain}` : '';
        doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=${path}${domainPart}`;
      }
    }
  }
}
