// SQL for applications' team conversations (team-conversations.ts).
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conversations } from '../../db/schema/messaging';

/** The id of the application's team conversation, or null while it has none. */
export async function findTeamConversationId(db: Db, applicationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.applicationId, applicationId));
  return row?.id ?? null;
}

/** Creates the application's team conversation unless one exists (the unique application id keeps one). */
export async function insertTeamConversation(
  tx: Db,
  team: { applicationId: string; grantId: string; name: string; createdBy: string },
) {
  await tx.execute(sql`
        INSERT INTO conversations (type, name, grant_id, application_id, created_by)
        VALUES ('team', ${team.name}, ${team.grantId}, ${team.applicationId}, ${team.createdBy})
        ON CONFLICT (application_id) DO NOTHING`);
}

/** The conversation's last message sequence number. */
export async function findLastSeq(tx: Db, conversationId: string): Promise<number> {
  const [{ last_seq: lastSeq }] = (await queryRows<{ last_seq: number }>(
    tx,
    sql`SELECT last_seq::int AS last_seq FROM conversations WHERE id = ${conversationId}`,
  )) as [{ last_seq: number }];
  return lastSeq;
}
