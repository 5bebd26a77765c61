// Facts about the database itself (db/meta.ts reads and writes them).
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const appMeta = pgTable(
  'app_meta',
  {
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);
