// Row ids are UUIDs. One shape check for both sides: request schemas refuse
// other ids, the server answers "not found" without asking the database (which
// would fail to cast), and the web shows "not found" for a malformed link
// without asking the server.

/**
 * An RFC 9562 UUID (versions 1-8, or the nil and max UUIDs), the same rule as
 * zod's `.uuid()`. PostgreSQL's gen_random_uuid() makes every id a version 4.
 */
export const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
