// The zod form of the UUID rule in ids.ts, for request schemas (ids.ts stays
// zod-free for the web's pages).
import { z } from 'zod';
import { uuidPattern } from './ids';

/** A UUID string; the OpenAPI document calls it format uuid. */
export const uuidSchema = (message: string) =>
  z.string().regex(uuidPattern, message).meta({ format: 'uuid' });
