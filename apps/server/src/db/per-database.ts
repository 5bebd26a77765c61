// What a module keeps in memory about a database's contents (an index, a
// vocabulary, a minute of figures) is kept per database handle. One process
// may hold several: two app instances in one test, and the test files that
// share a worker (decision 068) all open databases whose institutions and
// grants have the same ids. A module-scope Map keyed by those ids would answer
// one database from another's contents. Every such cache is one of these.

/**
 * One value per database handle, made on first use by `create` and dropped
 * with the handle. `forget()` drops them all (tests that change a catalogue
 * behind the app's back).
 */
export function perDatabase<T>(create: () => T) {
  let values = new WeakMap<object, T>();
  return {
    of(db: object): T {
      let value = values.get(db);
      if (value === undefined) values.set(db, (value = create()));
      return value;
    },
    forget(): void {
      values = new WeakMap();
    },
  };
}
