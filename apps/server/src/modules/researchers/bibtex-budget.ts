// How long a BibTeX file becomes once its @string macros are expanded, found
// without expanding anything. Macros nest: eight of them, each six copies of
// the one before, turn 700 bytes into 17 million characters per field, and a
// parser that expands them spends seconds and gigabytes doing it. This scan
// adds up lengths instead (a macro's length is the sum of its parts), so the
// import can refuse a file whose expansion passes a cap before any parser
// sees it. Hand-written: no maintained BibTeX library exposes macro sizes, and
// the grammar needed (entries, `name = part # part`, quoted or braced text,
// numbers, names) is small; anything it cannot follow is left to citation-js,
// which runs under a deadline anyway (see publications-import.ts).

/** Months BibTeX defines without an @string (their expansion's length). */
const predefined: Record<string, number> = {
  jan: 7, feb: 8, mar: 5, apr: 5, may: 3, jun: 4, jul: 4, aug: 6, sep: 9, oct: 7, nov: 8, dec: 8,
};

export type ExpansionSize = {
  /** The longest field (or macro) after expansion, characters. */
  longestField: number;
  /** All fields together after expansion, characters. */
  total: number;
};

export function bibtexExpansionSize(text: string): ExpansionSize {
  const macros = new Map<string, number>(Object.entries(predefined));
  let longestField = 0;
  let total = 0;
  let i = 0;
  const n = text.length;

  const skipSpace = () => {
    while (i < n && /\s/.test(text[i]!)) i++;
  };
  const readName = () => {
    const start = i;
    while (i < n && /[^\s"#%'(),={}]/.test(text[i]!)) i++;
    return text.slice(start, i);
  };
  /** Skips a balanced {…} (or "…" with braces inside); answers its inner length. */
  const readDelimited = (close: string) => {
    const start = ++i;
    let depth = 0;
    while (i < n) {
      const c = text[i]!;
      if (c === '{') depth++;
      else if (c === '}') {
        if (depth === 0 && close === '}') break;
        depth--;
      } else if (c === close && depth === 0) break;
      i++;
    }
    const length = i - start;
    i++;
    return length;
  };
  /** `part # part # …`: the sum of the parts' lengths. */
  const readValue = (): number => {
    let length = 0;
    for (;;) {
      skipSpace();
      const c = text[i];
      if (c === '{') length += readDelimited('}');
      else if (c === '"') length += readDelimited('"');
      else {
        const name = readName();
        if (!name) break;
        length += /^\d+$/.test(name) ? name.length : (macros.get(name.toLowerCase()) ?? 0);
      }
      skipSpace();
      if (text[i] !== '#') break;
      i++;
    }
    return length;
  };
  const count = (length: number) => {
    longestField = Math.max(longestField, length);
    total += length;
  };

  while (i < n) {
    const at = text.indexOf('@', i);
    if (at < 0) break;
    i = at + 1;
    const type = readName().toLowerCase();
    skipSpace();
    const open = text[i];
    if (open !== '{' && open !== '(') continue;
    const close = open === '{' ? '}' : ')';
    i++;
    if (type === 'comment') {
      i--;
      readDelimited(close === '}' ? '}' : ')');
      continue;
    }
    if (type === 'preamble') {
      count(readValue());
      continue;
    }
    if (type !== 'string') {
      // The citation key, then its comma.
      skipSpace();
      readName();
      skipSpace();
      if (text[i] === ',') i++;
    }
    // name = value pairs, separated by commas, until the entry closes.
    for (;;) {
      skipSpace();
      if (i >= n || text[i] === close) {
        i++;
        break;
      }
      const field = readName().toLowerCase();
      skipSpace();
      if (!field || text[i] !== '=') break;
      i++;
      const length = readValue();
      if (type === 'string') macros.set(field, length);
      count(length);
      skipSpace();
      if (text[i] === ',') i++;
    }
  }
  return { longestField, total };
}
