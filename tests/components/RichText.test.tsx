// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: the sanitiser is checked against jsdom's spec-following HTML parser (docs/decisions.md, "CI time").
// RichText (issue 26): question text is sanitised again in the browser (rows written before the
// server sanitised), maths is rendered by KaTeX once it has loaded, and plain text keeps its
// text and line breaks.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { RichText } from '../../src/components/content/RichText';

// The first dynamic import of KaTeX is transformed on demand: slow on a shared machine.
const LOADED = { timeout: 10_000 };

const STORED = `/uploads/qimg_${'a1'.repeat(16)}_0123456789.png`;

describe('RichText', () => {
  test('removes a script, event attributes and javascript: links; keeps allowed markup', () => {
    const { container } = render(
      <RichText
        text={
          '<p onclick="steal()">Pick <b>one</b><script>window.hacked = 1</script>' +
          '<img src="x" onerror="window.hacked = 2"><img src="/uploads/a.png" alt="old">' +
          `<img src="${STORED}" alt="graph"><img src="https://evil.test/t.png" alt="far">` +
          '<a href="javascript:alert(1)">bad</a><a href="https://example.org">ok</a>' +
          '<iframe src="https://evil.test"></iframe><span style="color:red">red</span></p>'
        }
      />,
    );
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick|javascript|style=|hacked/);
    expect(container.querySelector('b')).toHaveTextContent('one');
    const images = container.querySelectorAll('img');
    // Issue 26: only a stored question image keeps its source.
    expect([...images].map((img) => img.getAttribute('src'))).toEqual([null, null, STORED, null]);
    const [bad, good] = container.querySelectorAll('a');
    expect(bad).not.toHaveAttribute('href');
    expect(good).toHaveAttribute('href', 'https://example.org');
    expect(good).toHaveAttribute('rel', 'noopener noreferrer');
    expect(good).toHaveAttribute('target', '_blank');
  });

  test('renders a formula with KaTeX, with MathML for screen readers', async () => {
    // As the server stores it (`<` escaped in the maths).
    const { container } = render(<RichText text={'If $x&lt;y^2$ then \\[\\frac{a}{b}\\] holds'} />);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2), LOADED);
    expect(container.querySelector('.katex-display')).not.toBeNull();
    const mathml = container.querySelector('math annotation');
    expect(mathml).toHaveTextContent('x<y^2');
    expect(container).toHaveTextContent(/^If .* then .* holds$/);
    expect(container.textContent).not.toContain('$');
  });

  test('maths with a raw `<` (a row written before the server sanitised) is not read as a tag', async () => {
    const { container } = render(<RichText text={'Is $a<b$ <b>true</b>?'} />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull(), LOADED);
    expect(container.querySelector('math annotation')).toHaveTextContent('a<b');
    expect(container.querySelector('b')).toHaveTextContent('true');
  });

  test('a formula inside code is left as text, and a bad formula does not throw', async () => {
    const { container } = render(<RichText text={'<code>$a$</code> and $\\frac{1}{$ and $b$'} />);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(1), LOADED);
    expect(container.querySelector('.katex-error')).toHaveTextContent('\\frac{1}{');
    expect(container.querySelector('code')).toHaveTextContent('$a$');
  });

  test('plain text keeps its text and line breaks', () => {
    render(<RichText text={'Line one & more\nline two'} />);
    const block = screen.getByText(/Line one/);
    expect(block.textContent).toBe('Line one & more\nline two');
    expect(block).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });
});
