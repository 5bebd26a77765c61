// The contract's stage sets (stageSets in packages/contract/src/grants.ts) as
// SQL, so no query writes a status list of its own. The lists are constants of
// the code, so they go in as literals: a partial index whose predicate names
// the same list (applications_pi_open_close_idx) then matches the query.
import { stageSets, type StageSet } from '@grantbridge/contract/grants';
import { sql, type SQL } from 'drizzle-orm';

/** `<column> IN ('drafting', …)` for a named stage set; `column` is SQL text such as `a.status`. */
export function statusIn(column: string, set: StageSet): SQL {
  if (!/^[a-z_]+(\.[a-z_]+)?$/.test(column)) throw new Error(`statusIn: not a column name: ${column}`);
  return sql.raw(`${column} IN (${stageSets[set].map((s) => `'${s}'`).join(', ')})`);
}
