/**
 * Question text (issue 26, an HTML fragment) as one line of plain text, for places that show a
 * short summary or name a question in an accessible label. DOMParser's document is inert: no
 * script runs and no image loads while it is read. Maths stays as its LaTeX source.
 */
export const plainText = (text: string): string =>
  /[<&]/.test(text)
    ? (new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '')
    : text;
