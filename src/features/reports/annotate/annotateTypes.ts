// The shapes of issue 27's annotations, as the server stores them (server/src/modules/mains/
// annotation-items.ts): coordinates are shares (0..1) of the unrotated page.
export const ANNOTATION_TOOLS = [
  'tick',
  'cross',
  'underline',
  'highlight',
  'draw',
  'comment',
  'mark',
] as const;
export type AnnotationKind = (typeof ANNOTATION_TOOLS)[number];

export interface AnnotationItem {
  id: string;
  kind: AnnotationKind;
  x: number;
  y: number;
  w?: number;
  h?: number;
  points?: Array<[number, number]>;
  text?: string;
  marks?: number;
  color?: string;
}

export interface AnnotationPage {
  fileId: number;
  page: number;
  version: number;
  items: AnnotationItem[];
  updatedAt: string | null;
}

export interface EvaluationAnnotations {
  evaluationId: string;
  completed: boolean;
  limits: { itemsPerPage: number; pointsPerStroke: number; textLength: number };
  pages: AnnotationPage[];
}

export interface SavePageArgs {
  evaluationId: string;
  fileId: number;
  page: number;
  baseVersion: number;
  items: AnnotationItem[];
}

/** The key of one page of one document of one evaluation (the outbox's and the screen's). */
export const pageKey = (evaluationId: string, fileId: number, page: number): string =>
  `${evaluationId}:${fileId}:${page}`;

/** What the faculty member is told about their work (the no-loss rule). */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'refused';

export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline, kept on this device',
  refused: 'Not saved',
};
