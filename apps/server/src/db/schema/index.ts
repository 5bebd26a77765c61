// The whole database schema, one file per owning module (docs/decisions/014-module-boundaries.md);
// drizzle-kit generates migrations from it.
export * from './institutions';
export * from './auth';
export * from './researchers';
export * from './people';
export * from './leads';
export * from './grants';
export * from './pipeline';
export * from './search';
export * from './messaging';
export * from './outbox';
export * from './meta';
export * from './idempotency';
export * from './feed';
export * from './home';
export * from './notifications';
export * from './events';
