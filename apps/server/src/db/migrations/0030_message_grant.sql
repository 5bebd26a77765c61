ALTER TABLE "messages" ADD COLUMN "grant_id" uuid;--> statement-breakpoint
-- send_messages() of migration 0006, now also storing the grant a message
-- shares (absent from a batch item: null, a plain message).
CREATE OR REPLACE FUNCTION send_messages(batch jsonb)
RETURNS TABLE (
  ord int, member boolean, id uuid, seq bigint, created_at timestamptz, created boolean, recipients text[]
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM jsonb_to_recordset(batch)
      AS t(ord int, conversation_id uuid, sender_id uuid, content text, grant_id uuid, client_id text, created_at timestamptz)
  ), allowed AS (
    SELECT i.* FROM input i
    JOIN conversation_members cm
      ON cm.conversation_id = i.conversation_id AND cm.user_id = i.sender_id AND cm.left_at IS NULL
  ), existing AS (
    SELECT a.ord, m.id, m.seq, m.created_at FROM allowed a
    JOIN messages m
      ON m.conversation_id = a.conversation_id AND m.sender_id = a.sender_id AND m.client_id = a.client_id
  ), fresh AS (
    SELECT a.*, row_number() OVER (PARTITION BY a.conversation_id ORDER BY a.ord) AS rn
    FROM allowed a WHERE NOT EXISTS (SELECT 1 FROM existing e WHERE e.ord = a.ord)
  ), locked AS (
    SELECT c.id FROM conversations c
    WHERE c.id IN (SELECT f.conversation_id FROM fresh f)
    ORDER BY c.id FOR UPDATE
  ), counts AS (
    SELECT f.conversation_id, count(*)::int AS n, max(f.created_at) AS at
    FROM fresh f JOIN locked l ON l.id = f.conversation_id
    GROUP BY f.conversation_id
  ), bump AS (
    UPDATE conversations c SET last_seq = c.last_seq + counts.n, last_message_at = counts.at
    FROM counts WHERE c.id = counts.conversation_id
    RETURNING c.id, c.last_seq - counts.n AS base
  ), inserted AS (
    INSERT INTO messages (conversation_id, seq, sender_id, content, grant_id, client_id, created_at)
    SELECT f.conversation_id, b.base + f.rn, f.sender_id, f.content, f.grant_id, f.client_id, f.created_at
    FROM fresh f JOIN bump b ON b.id = f.conversation_id
    ON CONFLICT (conversation_id, sender_id, client_id) DO NOTHING
    RETURNING messages.id, messages.seq, messages.created_at, messages.conversation_id, messages.sender_id, messages.client_id
  )
  SELECT i.ord,
    a.ord IS NOT NULL,
    coalesce(ins.id, e.id),
    coalesce(ins.seq, e.seq),
    coalesce(ins.created_at, e.created_at),
    ins.id IS NOT NULL,
    CASE WHEN ins.id IS NOT NULL THEN (
      SELECT array_agg(cm.user_id::text) FROM conversation_members cm
      WHERE cm.conversation_id = i.conversation_id AND cm.left_at IS NULL
    ) END
  FROM input i
  LEFT JOIN allowed a ON a.ord = i.ord
  LEFT JOIN existing e ON e.ord = i.ord
  LEFT JOIN inserted ins
    ON ins.conversation_id = i.conversation_id AND ins.sender_id = i.sender_id AND ins.client_id = i.client_id
  ORDER BY i.ord;
END
$$;
