// Who is typing where, from `typing` events; an entry fades after a few
// seconds without news, or at once when that person's message arrives.
export type Typist = { userId: string; name: string; until: number };

type Listener = () => void;

/** The sender repeats its typing signal every ~3 s; a little slack covers the gap. */
const showForMs = 4_500;

let typing: Record<string, Typist[]> = {};
const listeners = new Set<Listener>();
let sweepTimer: ReturnType<typeof setTimeout> | undefined;

const publish = (next: Record<string, Typist[]>) => {
  typing = next;
  for (const listener of listeners) listener();
  scheduleSweep();
};

function scheduleSweep() {
  clearTimeout(sweepTimer);
  const all = Object.values(typing).flat();
  if (all.length === 0) return;
  const soonest = Math.min(...all.map((t) => t.until));
  sweepTimer = setTimeout(sweep, Math.max(50, soonest - Date.now()));
}

function sweep() {
  const now = Date.now();
  const next: Record<string, Typist[]> = {};
  for (const [conversationId, typists] of Object.entries(typing)) {
    const alive = typists.filter((t) => t.until > now);
    if (alive.length) next[conversationId] = alive;
  }
  publish(next);
}

export const typingStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => typing,
  started(conversationId: string, userId: string, name: string) {
    const others = (typing[conversationId] ?? []).filter((t) => t.userId !== userId);
    publish({
      ...typing,
      [conversationId]: [...others, { userId, name, until: Date.now() + showForMs }],
    });
  },
  stopped(conversationId: string, userId: string) {
    const current = typing[conversationId];
    if (!current?.some((t) => t.userId === userId)) return;
    const rest = current.filter((t) => t.userId !== userId);
    const next = { ...typing };
    if (rest.length) next[conversationId] = rest;
    else delete next[conversationId];
    publish(next);
  },
};

/** "Avery is typing…", "Avery and Priya are typing…", "Several people are typing…". */
export function typingText(typists: Typist[]): string {
  const names = typists.map((t) => t.name);
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}
