/**
 * Question text (issue 26) is an HTML fragment from a small allowlist, with maths as LaTeX
 * between $…$, $$…$$, \(…\) or \[…\]. The server sanitises every write here (REST, GraphQL and
 * imports all pass through the question rules), so a stored question can never carry a script
 * to a learner's browser; the SPA sanitises again when it renders (rows written before this).
 *
 * Text without any `<` is returned as it is (trimmed): plain-text questions and imports stay
 * byte-identical. Maths is swapped for placeholders before parsing, so `$x<y$` is not read as a
 * tag, and put back HTML-escaped (quotes too: a placeholder may sit inside an attribute).
 * Sanitising stored text again gives the same text, so an update of another field changes nothing.
 */
import sanitizeHtml from 'sanitize-html';
import { QUESTION_IMAGE_SRC } from '../files/question-images';

/** Longest rich-text field, in characters (as the question file imports allow). */
export const RICH_TEXT_MAX = 20_000;
/** Most maths segments in one field. */
export const MATH_SEGMENTS_MAX = 200;

/** The maths delimiters (the SPA's RichText finds the same ones). */
export const MATH_PATTERN = /\$\$[\s\S]+?\$\$|\$[^$\n]+?\$|\\\([\s\S]+?\\\)|\\\[[\s\S]+?\\\]/g;

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

/** Longest alternative text kept on an image. */
export const IMAGE_ALT_MAX = 300;
const LINK_URL = /^(https?:\/\/|mailto:)[^\s"'<>\\]+$/i;
const DIMENSION = /^\d{1,4}$/;

type Attributes = Record<string, string>;

const keep = (attribs: Attributes, name: string, pattern: RegExp): Attributes => {
  const value = attribs[name]?.trim();
  return value !== undefined && pattern.test(value) ? { [name]: value } : {};
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    img: ['src', 'alt', 'width', 'height'],
    a: ['href', 'rel', 'target'],
  },
  allowedSchemes: [],
  // An image's source is a stored question image's path (no scheme at all): no other host, no
  // `data:` (Moodle's embedded files are stored on import), no other upload (issue 26).
  allowedSchemesByTag: { img: [], a: ['http', 'https', 'mailto'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image whose source was refused would only show a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    img: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...keep(attribs, 'src', QUESTION_IMAGE_SRC),
        ...(attribs.alt !== undefined ? { alt: attribs.alt.slice(0, IMAGE_ALT_MAX) } : {}),
        ...keep(attribs, 'width', DIMENSION),
        ...keep(attribs, 'height', DIMENSION),
      },
    }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...keep(attribs, 'href', LINK_URL), rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/** Maths as HTML text; a character reference already there is kept (a re-save changes nothing). */
const escapeHtml = (text: string): string =>
  text
    .replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Why a field's text is refused (too long, too much maths), or null. */
export const richTextProblem = (label: string, text: string): string | null => {
  if (text.length > RICH_TEXT_MAX) {
    return `${label} is longer than ${RICH_TEXT_MAX.toLocaleString('en')} characters`;
  }
  const segments = text.match(MATH_PATTERN)?.length ?? 0;
  if (segments > MATH_SEGMENTS_MAX) {
    return `${label} has ${segments} formulas; at most ${MATH_SEGMENTS_MAX} are allowed`;
  }
  return null;
};

/** The text as stored: trimmed, and sanitised to the allowlist when it holds any markup. */
export const sanitizeRichText = (text: string): string => {
  const trimmed = text.trim();
  if (!trimmed.includes('<')) {
    return trimmed;
  }
  const maths: string[] = [];
  const protectedText = trimmed
    .replace(/[\uE000\uE001]/g, '')
    .replace(MATH_PATTERN, (segment) => `${OPEN}${maths.push(segment) - 1}${CLOSE}`);
  const clean = sanitizeHtml(protectedText, OPTIONS);
  return clean
    .replace(PLACEHOLDER, (_whole, i: string) => escapeHtml(maths[Number(i)] ?? ''))
    .trim();
};
