// Plain text from the HTML that extract descriptions carry: markup dropped
// (block ends as line breaks), character references and HTML's named
// entities decoded (the `entities` package knows every name HTML defines).
import { decodeHTMLStrict } from 'entities';
import { isPlaceholder } from './extract-values';

/** Named spaces and invisible marks become what plain text wants: a plain space, or nothing. */
// prettier-ignore
const plainSpaces: Record<string, string> = {
  nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', shy: '', zwnj: '', zwj: '', lrm: '', rlm: '',
};

/** A code point XML text may hold (control characters other than tab and line breaks may not). */
function isTextCodePoint(code: number) {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code < 0xd800) ||
    (code > 0xdfff && code < 0xfffe) ||
    (code > 0xffff && code < 0x110000)
  );
}

function decodeEntities(text: string) {
  return text.replace(
    /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        // A reference to a character text cannot hold is dropped (HTML would show U+FFFD).
        return isTextCodePoint(code) ? String.fromCodePoint(code) : '';
      }
      // A name HTML does not define (an entity the file declared, say) stays as written: it is never expanded.
      return plainSpaces[name] ?? decodeHTMLStrict(whole);
    },
  );
}

/**
 * Drops HTML markup. Only a real tag counts ("<" then a letter, or "</"), so
 * text such as "budgets < 5 years > 3" survives; block ends become line breaks.
 */
function stripMarkup(text: string) {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?(?:br|p|li|div|tr|h\d)(?:\s[^<>]{0,2000})?\s*\/?>/gi, (tag) =>
      /^<\/?br|^<\//i.test(tag) ? '\n' : '',
    )
    .replace(/<\/?[a-zA-Z][\w:.-]*(?:\s[^<>]{0,2000})?\s*\/?>/g, '');
}

/**
 * Descriptions carry HTML, escaped once by the XML (or in a CDATA section) and
 * sometimes twice ("&amp;lt;p&amp;gt;"); keep the words and line breaks, drop
 * the markup, decode character and HTML entities.
 */
export function plainText(raw: string | undefined): string | null {
  if (isPlaceholder(raw)) return null;
  let text = raw!;
  for (let pass = 0; pass < 2 && (text.includes('<') || text.includes('&')); pass++) {
    text = decodeEntities(stripMarkup(text));
  }
  text = text
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

/** A one-line value (a title, an agency name): plain text with every run of white space as one space. */
export function plainLine(raw: string | undefined): string | null {
  const text = plainText(raw);
  return text === null ? null : text.replace(/\s+/g, ' ');
}
