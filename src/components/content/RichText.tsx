/**
 * Question text as learners and staff read it (issue 26): an HTML fragment from a small allowlist
 * with maths in LaTeX between $…$, $$…$$, \(…\) or \[…\]. The server sanitises every write; this
 * sanitises again (DOMPurify, the same allowlist) because rows written before that never were.
 * Plain text keeps its line breaks (white-space: pre-wrap). KaTeX (and its CSS) is loaded only
 * when the text holds a maths delimiter, so it never lands in the first visit's bundle; maths is
 * announced to screen readers through KaTeX's MathML output.
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import DOMPurify from 'dompurify';
import type katexModule from 'katex';
import { useEffect, useMemo, useState } from 'react';

type Katex = typeof katexModule;

/** The maths delimiters (the server's rich-text.ts protects the same ones). */
const MATH = /\$\$[\s\S]+?\$\$|\$[^$\n]+?\$|\\\([\s\S]+?\\\)|\\\[[\s\S]+?\\\]/g;
const hasMath = (text: string): boolean => new RegExp(MATH.source).test(text);

const ALLOWED_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'br',
  'p',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'blockquote',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'a',
];
// Issue 26: only a stored question image (its 128-bit random name), as the server's sanitiser.
const IMAGE_SOURCE = /^\/uploads\/qimg_[0-9a-f]{32}_[0-9a-f]{10}\.(?:png|jpg|gif|webp)$/;
const LINK = /^(https?:\/\/|mailto:)/i;

// An instance of its own, so these hooks apply only to question text.
const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !LINK.test(href.trim())) node.removeAttribute('href');
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  } else if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src');
    if (src !== null && !IMAGE_SOURCE.test(src.trim())) node.removeAttribute('src');
  }
});

const sanitize = (text: string): DocumentFragment =>
  purify.sanitize(text, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['src', 'alt', 'width', 'height', 'href', 'rel', 'target'],
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });

const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/**
 * A maths segment's text: its character references decoded (the server stores `&lt;`). A
 * textarea's content is parsed as RCDATA: references are decoded, `<` never starts a tag.
 */
const decoder = document.createElement('textarea');
const decode = (segment: string): string => {
  decoder.innerHTML = segment;
  return decoder.value;
};

/** One maths segment as KaTeX renders it (trust: false: no \href, \includegraphics or HTML). */
const formula = (segment: string, katex: Katex): HTMLSpanElement => {
  const display = segment.startsWith('$$') || segment.startsWith('\\[');
  const width = display || segment.startsWith('\\(') ? 2 : 1;
  const span = document.createElement('span');
  span.innerHTML = katex.renderToString(segment.slice(width, segment.length - width), {
    displayMode: display,
    throwOnError: false,
    trust: false,
    output: 'htmlAndMathml',
  });
  return span;
};

/**
 * The sanitised HTML, with maths rendered when KaTeX is there. Maths is swapped for placeholders
 * before parsing, so `$x<y$` in a row written before the server sanitised is not read as a tag.
 */
const toHtml = (text: string, katex: Katex | null): string => {
  const maths: string[] = [];
  const guarded = text
    .replace(/[\uE000\uE001]/g, '')
    .replace(MATH, (segment) => `${OPEN}${maths.push(decode(segment)) - 1}${CLOSE}`);
  const fragment = sanitize(guarded);
  const restore = (value: string) =>
    value.replace(PLACEHOLDER, (_, i: string) => maths[Number(i)] ?? '');
  const walker = document.createTreeWalker(
    fragment,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
  );
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      if (node.data.includes(OPEN)) texts.push(node);
    } else if (node instanceof Element) {
      for (const attribute of [...node.attributes]) {
        if (attribute.value.includes(OPEN))
          node.setAttribute(attribute.name, restore(attribute.value));
      }
    }
  }
  for (const node of texts) {
    const asText = node.parentElement?.closest('code, pre');
    const parts = document.createDocumentFragment();
    node.data.split(PLACEHOLDER).forEach((part, i) => {
      // split() with a group: odd items are the placeholders' numbers.
      const segment = i % 2 === 1 ? (maths[Number(part)] ?? '') : null;
      if (segment === null) parts.append(part);
      else parts.append(asText || !katex ? segment : formula(segment, katex));
    });
    node.replaceWith(parts);
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
};

let loaded: Katex | null = null;
let loading: Promise<Katex> | null = null;
const loadKatex = (): Promise<Katex> => {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([module]) => {
      loaded = module.default;
      return loaded;
    },
  );
  return loading;
};

export interface RichTextProps {
  /** The stored text (HTML fragment or plain text); nothing is shown for null. */
  text: string | null | undefined;
  /** A span (inside a line, e.g. an option's label) instead of a block. */
  inline?: boolean;
  sx?: SxProps<Theme>;
}

/** Question text, options and explanations: sanitised markup with maths rendered by KaTeX. */
export function RichText({ text, inline = false, sx }: RichTextProps) {
  const source = text ?? '';
  const needsKatex = hasMath(source);
  const [katex, setKatex] = useState<Katex | null>(loaded);
  useEffect(() => {
    if (!needsKatex || katex) return;
    let live = true;
    loadKatex().then(
      (module) => live && setKatex(module),
      () => undefined, // the maths stays as its LaTeX text
    );
    return () => {
      live = false;
    };
  }, [needsKatex, katex]);
  const html = useMemo(() => toHtml(source, katex), [source, katex]);
  return (
    <Box
      component={inline ? 'span' : 'div'}
      sx={[
        { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
