// Whether the Zoom Meeting SDK stays out of the first visit (issue 21): read Vite's build
// manifest (dist/.vite/manifest.json) and follow the entry's static imports; none of those chunks
// may be, or contain, @zoom/meetingsdk. The SDK must be a chunk of its own, loaded dynamically.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ZOOM_PACKAGE = 'node_modules/@zoom/meetingsdk/';
/** Text only the SDK's bundle holds (its UMD global and its asset host). */
export const ZOOM_MARKERS = ['ReactWidgets', 'source.zoom.us'];

/** The entry's key and every chunk key it reaches through static imports. */
export function entryClosure(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  walk(entry);
  return { entry, keys: [...seen] };
}

/**
 * Problems with the build, or []: the SDK chunk is missing, or a chunk the entry loads
 * statically is the SDK or holds its code (`readChunk(file)` gives a chunk's text).
 */
export function zoomChunkProblems(manifest, readChunk) {
  const problems = [];
  const zoomKeys = Object.keys(manifest).filter((key) => key.includes(ZOOM_PACKAGE));
  if (zoomKeys.length === 0) problems.push('no chunk of @zoom/meetingsdk in the manifest');
  const { keys } = entryClosure(manifest);
  for (const key of keys) {
    const chunk = manifest[key];
    if (key.includes(ZOOM_PACKAGE)) {
      problems.push(`the entry imports ${key} (${chunk.file}) statically`);
      continue;
    }
    const text = readChunk ? readChunk(chunk.file) : '';
    const marker = ZOOM_MARKERS.find((word) => text.includes(word));
    if (marker) problems.push(`${chunk.file}, loaded by the entry, holds the SDK ("${marker}")`);
  }
  return problems;
}

/** Reads a build's manifest and checks it. */
export function checkDist(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const read = (file) => readFileSync(path.join(dist, file), 'utf8');
  return { manifest, problems: zoomChunkProblems(manifest, read) };
}
