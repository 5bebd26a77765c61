// A file name as people send it, made safe to store and show (issue 27):
// control characters (a NUL would stop the database), bidirectional
// overrides and other invisible formatting characters (which make
// "invoice‮fdp.exe" read as "invoiceexe.pdf"), path separators and quotes
// go; an empty name becomes "file". At most 200 characters, keeping the end
// (where the extension is).
export function cleanFileName(name: string | null | undefined): string {
  const cleaned = (name ?? '')
    .normalize('NFC')
    // Control characters are what this removes.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/[\\/"]/g, '_')
    .trim();
  return cleaned.slice(-200) || 'file';
}
