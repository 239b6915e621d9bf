import type { ReactNode } from 'react';
import { useInstitute, useInstituteDocument, useInstituteLoader } from '../features/settings';
import { AppearanceProvider } from '../theme/AppearanceProvider';

/**
 * The appearance with the institute's own colour, and the browser tab's title and favicon
 * (issue 24): for everyone, signed out too, since the settings are read with the default token.
 */
export function InstituteLook({ children }: { children: ReactNode }) {
  useInstituteLoader();
  const institute = useInstitute();
  useInstituteDocument(institute);
  return (
    <AppearanceProvider primaryColour={institute.primaryColour}>{children}</AppearanceProvider>
  );
}
