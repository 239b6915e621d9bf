// The question form's preview (issue 26): nothing until text is typed, then the text as learners
// see it — maths rendered, a script removed — with the line naming the maths delimiters.
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { QuestionTextPreview } from '../../src/features/question-bank/QuestionTextPreview';

describe('QuestionTextPreview', () => {
  test('names the delimiters and shows no preview for empty text', () => {
    render(<QuestionTextPreview text="  " />);
    expect(screen.getByText(/Maths in LaTeX between \$…\$/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  test('previews the formula and drops a script', async () => {
    render(<QuestionTextPreview text={'Solve $x^2=4$<script>window.hacked = 1</script>'} />);
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(preview.querySelector('.katex')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(within(preview).getByText(/Solve/)).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).not.toContain('hacked');
  });
});
