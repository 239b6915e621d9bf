import type { Manifest } from './zoomChunk.mjs';

export declare const LOGIN_SCREEN: string;
export declare const FIRST_VISIT_TARGET_KB: number;
export declare const FIRST_VISIT_BUDGET_KB: number;
export declare function firstVisitKeys(manifest: Manifest): string[];
export declare function firstVisitSize(
  manifest: Manifest,
  readChunk: (file: string) => Buffer | string,
): { files: Array<{ file: string; gzip: number }>; totalKb: number };
export declare function firstVisitProblems(
  manifest: Manifest,
  readChunk: (file: string) => Buffer | string,
  budgetKb?: number,
): string[];
