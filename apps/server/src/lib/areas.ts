// The seed's research-area rule, shared by search and matching.

/** Case-insensitive substring match in either direction. */
export function areaMatches(a: string, b: string): boolean {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (!x || !y) return false;
  return x.includes(y) || y.includes(x);
}
