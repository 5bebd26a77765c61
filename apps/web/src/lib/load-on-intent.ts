// A module a control needs only once someone reaches for it (a menu, a
// popover): fetched when the pointer comes over the control or it takes
// focus, so that it is usually here by the click, and not with the page.
// Decision 051.
export type OnIntent<M> = {
  /** The module, once it has loaded. */
  readonly loaded: M | null;
  /** Loads it (once; a failed load is tried again on the next call). */
  load(): Promise<M>;
};

export function onIntent<M>(importer: () => Promise<M>): OnIntent<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}
