// What Strapi's upload plugin answers for a file (also the shape of media fields in records).

export interface MediaFormat {
  url: string;
  width?: number;
  height?: number;
}

export interface MediaFile {
  id: number;
  documentId?: string;
  name: string;
  url: string;
  mime?: string | null;
  size?: number | null;
  formats?: Record<string, MediaFormat> | null;
}

/** Reports how far an upload is, in percent (0–100). */
export type { ProgressHandler } from '../../store/uploads';
