import { useEffect } from 'react';
import { useInstituteQuery } from './instituteEndpoints';
import { INSTITUTE_FALLBACK, type Institute } from './instituteTypes';

/** The institute's settings, or the portal's own while they load (or cannot be read). */
export function useInstitute(): Institute {
  const { data } = useInstituteQuery();
  return data ?? INSTITUTE_FALLBACK;
}

/** The browser tab: the institute's name as the title and its favicon (issue 24). */
export function useInstituteDocument(institute: Institute): void {
  useEffect(() => {
    document.title = institute.name;
  }, [institute.name]);
  const favicon = institute.favicon?.url ?? null;
  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = favicon;
  }, [favicon]);
}
