// The people policy tables are written against: two institutions, each with
// researchers and an administrator.
import type { Actor } from '../src/plugins/types';

const at = (id: string, role: Actor['role'], institution: string): Actor => ({ id, role, institution: { id: institution } });

export const actors = {
  /** A researcher of institution A: the owner in most tables. */
  researcher: at('r1', 'researcher', 'inst-a'),
  colleague: at('r2', 'researcher', 'inst-a'),
  admin: at('a1', 'admin', 'inst-a'),
  otherAdmin: at('a2', 'admin', 'inst-b'),
  otherResearcher: at('r3', 'researcher', 'inst-b'),
};
