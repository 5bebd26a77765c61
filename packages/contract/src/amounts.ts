// Dollar amounts as people type them, read the same way by the search
// assistant (server) and the Filters menu (web).

/**
 * Parses "$1.5M", "500k", "2 million" or "250,000" into whole dollars; null
 * when the text is not one amount.
 */
export function parseAmount(text: string): number | null {
  const m = text
    .trim()
    .toLowerCase()
    .match(
      /^\$?\s*(\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)\s*(k|thousand|m|mm|million|mil|b|bn|billion)?$/,
    );
  if (!m) return null;
  const value = Number(m[1]!.replace(/,/g, ''));
  const unit = m[2] ?? '';
  const factor =
    unit.startsWith('k') || unit === 'thousand' ? 1e3 : unit.startsWith('b') ? 1e9 : unit ? 1e6 : 1;
  const result = Math.round(value * factor);
  return Number.isFinite(result) ? result : null;
}
