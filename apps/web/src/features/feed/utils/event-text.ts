// An event's sentence ("Dr. Dana Whitlock joined Example State University.")
// with its subject's name found in it, so the name itself becomes the link.

export type EventParts = { before: string; label: string; after: string };

/** Splits at the first mention of the subject; null when the sentence does not name it. */
export function eventParts(content: string, label: string): EventParts | null {
  const at = label ? content.indexOf(label) : -1;
  if (at < 0) return null;
  return { before: content.slice(0, at), label, after: content.slice(at + label.length) };
}
