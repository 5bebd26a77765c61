// The whole database schema; drizzle-kit generates migrations from it.
export * from './institutions';
export * from './users';
export * from './leads';
export * from './grants';
export * from './messaging';
