// When two research areas count as the same (DESIGN §7): the rule behind
// search ranking, collaborator matching and the grant page's highlights.

/**
 * Case-insensitive substring match in either direction, ignoring surrounding
 * spaces. An empty or blank area matches nothing (it would otherwise be a
 * substring of every area).
 */
export function areaMatches(a: string, b: string): boolean {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (!x || !y) return false;
  return x.includes(y) || y.includes(x);
}
