export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export declare const ZOOM_PACKAGE: string;
export declare const ZOOM_MARKERS: string[];
export declare function entryClosure(manifest: Manifest): { entry: string; keys: string[] };
export declare function zoomChunkProblems(
  manifest: Manifest,
  readChunk?: (file: string) => string,
): string[];
export declare function checkDist(dist: string): { manifest: Manifest; problems: string[] };
