// A worker thread's entry in JavaScript. The thread runs with tsx registered
// (--import tsx), but Node 20 refuses a .ts file as a worker's entry, and
// tsx's ESM hooks do not reach a worker started from a test runner; its
// require hook does, so the TypeScript module named in workerData is required.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS entry, for the reason above */
const { workerData } = require('node:worker_threads');

require(workerData.entryPath);
