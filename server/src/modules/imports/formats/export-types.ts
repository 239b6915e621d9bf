/**
 * A stored question as the format writers read it (question-export.ts loads it), and what each
 * writer tells about the questions it cannot hold (skipped with the reason, never changed).
 */
import type { QuestionValues } from '../../catalogue';

export type ExportQuestion = QuestionValues & {
  /** The subject's name (written as the format's category), or null. */
  subject: string | null;
  /** Pool questions (issue 26): tags, and the difficulty (Moodle XML writes both as tags). */
  tags: string[];
  difficulty: string | null;
};

/** The bytes of each stored question image a writer may embed, by its source. */
export type ImageBytes = ReadonlyMap<string, Buffer>;

export interface FormatWriter {
  extension: string;
  contentType: string;
  /**
   * Issue 26: how the format keeps a question's images: embedded (Moodle XML's base64 files),
   * linked (the stored path, as the spreadsheet's text), or not at all (the question is left out).
   */
  images: 'embedded' | 'linked' | 'none';
  /** Why this question cannot be written in the format, or null. */
  cannotHold: (question: ExportQuestion) => string | null;
  write: (questions: readonly ExportQuestion[], images: ImageBytes) => string | Promise<Buffer>;
  /** What the format drops from every question (told with the download). */
  notes: string[];
}
