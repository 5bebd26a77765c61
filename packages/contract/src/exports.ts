// Spreadsheet exports (issue 29 §4): search results, saved grants and the
// application list as CSV or Excel, streamed; what both sides agree on.

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The most rows one export holds; past it a last row says the list was cut. */
export const exportRowCap = 10_000;

export const exportKinds = ['search', 'saved-grants', 'applications'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** The file's name: grantbridge-search-2026-11-27.csv. */
export function exportFileName(kind: ExportKind, day: string, format: ExportFormat): string {
  return `grantbridge-${kind}-${day}.${format}`;
}

/** The last row of an export cut at the cap (its first cell). */
export function exportCutNote(cap = exportRowCap): string {
  return `Only the first ${cap.toLocaleString('en-US')} rows are exported; narrow the search for the rest.`;
}

/** The content type of each format. */
export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
