// Which messages of a conversation start a run: consecutive messages by one
// person share a name-and-time header only while that time is still true of
// them, so a message sent at 9:12 never sits under a 9:07 header.

export type RunItem = { senderId: string; createdAt: string };

/** The local calendar minute an instant falls in: what the header's clock time shows. */
function minuteOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()} ${d.getHours()}:${d.getMinutes()}`;
}

/** The local day an instant falls in, for the day headings. */
export function dayOf(iso: string): string {
  return new Date(iso).toDateString();
}

/**
 * For each message (oldest first): whether it starts a new run, i.e. gets its
 * own header. A run continues while the sender is the same and the message
 * was sent in the same minute as the run's header shows.
 */
export function runStarts(items: readonly RunItem[]): boolean[] {
  let header: RunItem | undefined;
  return items.map((item, i) => {
    const prev = items[i - 1];
    const starts =
      !prev ||
      !header ||
      prev.senderId !== item.senderId ||
      minuteOf(header.createdAt) !== minuteOf(item.createdAt);
    if (starts) header = item;
    return starts;
  });
}
