// The import preview tells how many images the import will store (issue 26: Moodle's embedded
// files and `data:` images in any format), read from the server's imageCount and imageBytes.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportPreviewPanel } from '../../src/features/question-bank/ImportPreviewPanel';
import { importPreviewOf } from '../../src/features/question-bank/questionsUrls';

const preview = (extra: Record<string, unknown>) =>
  importPreviewOf({
    preview: true,
    format: 'moodle',
    counts: { MCQ: 2 },
    skippedCounts: {},
    acceptedCount: 2,
    rows: [],
    skippedRows: [],
    duplicateRows: [],
    notedRows: [],
    ...extra,
  });

describe('import preview images', () => {
  it('says how many images will be stored and their size', () => {
    render(
      <ImportPreviewPanel
        preview={preview({ imageCount: 3, imageBytes: 1.5 * 1024 * 1024 })}
        importDuplicates={false}
        onImportDuplicates={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Moodle XML file: 2 to import (2 MCQ), 0 skipped, 3 images to store (1.5 MB).',
    );
  });

  it('says nothing about images when the file has none (or an older server sends no count)', () => {
    render(
      <ImportPreviewPanel
        preview={preview({})}
        importDuplicates={false}
        onImportDuplicates={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Moodle XML file: 2 to import (2 MCQ), 0 skipped.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent(/image/);
  });
});
