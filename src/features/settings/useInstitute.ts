import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { INSTITUTE_FALLBACK, type Institute } from './instituteTypes';
import { loadInstitute, selectInstituteSettings, selectInstituteStatus } from './instituteSlice';

/** The institute's settings, or the portal's own while they load (or cannot be read). */
export function useInstitute(): Institute {
  return useAppSelector(selectInstituteSettings) ?? INSTITUTE_FALLBACK;
}

/**
 * Reads the settings when the app starts, and again after a sign-out (which resets every slice).
 * Mounted once, by the app's look (app/InstituteLook.tsx).
 */
export function useInstituteLoader(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectInstituteStatus);
  useEffect(() => {
    if (status === 'idle') void dispatch(loadInstitute());
  }, [dispatch, status]);
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
