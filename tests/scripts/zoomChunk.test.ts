import { describe, expect, it } from 'vitest';
import { zoomChunkProblems, type Manifest } from '../../scripts/lib/zoomChunk.mjs';

// The check that runs after every build (scripts/check-zoom-chunk.mjs), on small manifests.
const ZOOM = '../main/node_modules/@zoom/meetingsdk/embedded.js';

function manifest(entryImports: string[], extra: Manifest = {}): Manifest {
  return {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: entryImports },
    '_api.js': { file: 'assets/api.js' },
    'src/features/live-classes/ZoomPage.tsx': {
      file: 'assets/ZoomPage.js',
      isDynamicEntry: true,
      imports: ['_api.js'],
      dynamicImports: [ZOOM],
    },
    [ZOOM]: { file: 'assets/embedded.js', isDynamicEntry: true },
    ...extra,
  };
}

const noSdkText = () => 'export const x = 1;';

describe('the zoom chunk check', () => {
  it('passes when the SDK is only a dynamic import of the room', () => {
    expect(zoomChunkProblems(manifest(['_api.js']), noSdkText)).toEqual([]);
  });

  it('fails when the entry reaches the SDK through static imports', () => {
    const problems = zoomChunkProblems(
      manifest(['_api.js', '_room.js'], {
        '_room.js': { file: 'assets/room.js', imports: [ZOOM] },
      }),
      noSdkText,
    );
    expect(problems).toEqual([`the entry imports ${ZOOM} (assets/embedded.js) statically`]);
  });

  it("fails when the SDK's code was merged into a chunk the entry loads", () => {
    const text = (file: string) => (file === 'assets/api.js' ? 'e.ReactWidgets=t()' : '');
    expect(zoomChunkProblems(manifest(['_api.js']), text)).toEqual([
      'assets/api.js, loaded by the entry, holds the SDK ("ReactWidgets")',
    ]);
  });

  it('fails when the build has no SDK chunk at all', () => {
    const built = Object.fromEntries(
      Object.entries(manifest(['_api.js'])).filter(([key]) => key !== ZOOM),
    );
    expect(zoomChunkProblems(built, noSdkText)).toEqual([
      'no chunk of @zoom/meetingsdk in the manifest',
    ]);
  });
});
