// Splits plain message text into text and http(s) links. Nothing here ever
// becomes HTML: the parts are rendered as React text and anchor elements.
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const urlPattern = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const trailing = /[.,;:!?)\]}'"]+$/;

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index;
    let raw = match[0];
    const tail = raw.match(trailing)?.[0] ?? '';
    // Keep a closing parenthesis when the URL itself opened one.
    if (tail && !(tail.startsWith(')') && raw.includes('(')))
      raw = raw.slice(0, raw.length - tail.length);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
