// DOIs compared and stored one way, free of database code so the parsing
// worker (publications-parse.ts) can load it alone.

/** A DOI as stored: lower-case, without the resolver prefix. */
export function normaliseDoi(doi: string | null | undefined): string | null {
  if (!doi) return null;
  const bare = doi.trim().replace(/^(https?:\/\/)?(dx\.)?doi\.org\//i, '').replace(/^doi:\s*/i, '');
  return bare ? bare.toLowerCase() : null;
}
