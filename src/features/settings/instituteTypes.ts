// The institute's settings as GET /api/institute answers them (issue 24).

export interface InstituteFile {
  id: number;
  url: string;
  mime: string;
}

export interface Institute {
  name: string;
  /** #rrggbb, or null: the portal's own colour theme. */
  primaryColour: string | null;
  defaultTimeZone: string;
  idleMinutes: number;
  registrationOpen: boolean;
  supportContact: string;
  logo: InstituteFile | null;
  favicon: InstituteFile | null;
  /** Administrators only. */
  updatedAt?: string | null;
  updatedBy?: string | null;
}

export type InstituteChanges = Partial<
  Pick<
    Institute,
    | 'name'
    | 'primaryColour'
    | 'defaultTimeZone'
    | 'idleMinutes'
    | 'registrationOpen'
    | 'supportContact'
  >
>;

export type InstituteFileField = 'logo' | 'favicon';

export const instituteUrls = {
  settings: '/institute',
  file: (field: InstituteFileField) => `/institute/files/${field}`,
} as const;

/** What the portal shows before the settings arrive, or when they cannot be read. */
export const INSTITUTE_FALLBACK: Institute = {
  name: 'Learning Portal',
  primaryColour: null,
  defaultTimeZone: 'Asia/Kolkata',
  idleMinutes: 15,
  registrationOpen: true,
  supportContact: '',
  logo: null,
  favicon: null,
};
