-- send_messages: stores a batch of messages (the send queue's group commit) in one call.
-- Keeps: messages, and each conversation's last_seq, last_message_at and request_state:
--   whether the sender may send (a live member who is not a pending invitation; blocks, a
--   declined request, a waiting request's limit of request_limit messages), client-id dedupe,
--   per-conversation sequence numbers (conversations locked in id order, so concurrent batches
--   cannot deadlock), the recipient's reply accepting a waiting request, and the audience of
--   each new message (decisions 010, 029, 043). The refusal says why a message was not
--   stored; `accepted` marks a reply that accepted a request.
-- Owner: messaging
-- Triggers: none; called by insertMessageBatch (apps/server/src/modules/messaging/messaging.repository.ts).
-- TypeScript twin: none; the service's one-message-at-a-time checks moved here (issue 27).
-- Test: apps/server/src/modules/messaging/send-queue.test.ts, apps/server/src/modules/messaging/message-requests.test.ts
--
-- A PL/pgSQL function so that the plan is prepared once per connection instead of at every
-- send (docs/decisions/010-realtime-throughput.md). Its signature changed in migration 0039
-- (which dropped send_messages(jsonb)); a change of arguments or result columns needs
-- DROP FUNCTION first, as CREATE OR REPLACE cannot change them.

CREATE OR REPLACE FUNCTION send_messages(batch jsonb, request_limit int)
RETURNS TABLE (
  ord int, member boolean, id uuid, seq bigint, created_at timestamptz, created boolean, recipients text[],
  refusal text, accepted boolean
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM jsonb_to_recordset(batch)
      AS t(ord int, conversation_id uuid, sender_id uuid, content text, grant_id uuid, client_id text, created_at timestamptz)
  ), judged AS (
    SELECT i.*, c.type AS conversation_type, c.request_state, c.created_by,
      CASE
        WHEN cm.user_id IS NULL THEN 'not_member'
        WHEN c.type = 'direct' AND EXISTS (
          SELECT 1 FROM conversation_members o JOIN user_blocks b ON b.blocker_id = o.user_id
          WHERE o.conversation_id = i.conversation_id AND o.user_id <> i.sender_id AND b.blocked_id = i.sender_id
        ) THEN 'blocked_by'
        WHEN c.type = 'direct' AND EXISTS (
          SELECT 1 FROM conversation_members o JOIN user_blocks b ON b.blocked_id = o.user_id
          WHERE o.conversation_id = i.conversation_id AND o.user_id <> i.sender_id AND b.blocker_id = i.sender_id
        ) THEN 'blocking'
        WHEN c.type = 'direct' AND c.request_state = 'declined' THEN 'declined'
      END AS refusal
    FROM input i
    LEFT JOIN conversations c ON c.id = i.conversation_id
    LEFT JOIN conversation_members cm
      ON cm.conversation_id = i.conversation_id AND cm.user_id = i.sender_id
      AND cm.left_at IS NULL AND NOT cm.invite_pending
  ), existing AS (
    SELECT j.ord, m.id, m.seq, m.created_at FROM judged j
    JOIN messages m
      ON m.conversation_id = j.conversation_id AND m.sender_id = j.sender_id AND m.client_id = j.client_id
    WHERE j.refusal IS NULL
  ), candidates AS (
    SELECT j.*,
      -- While a request waits, its sender may send request_limit messages in all.
      CASE WHEN j.conversation_type = 'direct' AND j.request_state = 'pending' AND j.created_by = j.sender_id
        AND (SELECT count(*) FROM messages m WHERE m.conversation_id = j.conversation_id AND m.sender_id = j.sender_id)
          + row_number() OVER (PARTITION BY j.conversation_id, j.sender_id ORDER BY j.ord) > request_limit
        THEN 'request_limit' END AS limit_refusal
    FROM judged j
    WHERE j.refusal IS NULL AND NOT EXISTS (SELECT 1 FROM existing e WHERE e.ord = j.ord)
  ), fresh AS (
    SELECT c.*, row_number() OVER (PARTITION BY c.conversation_id ORDER BY c.ord) AS rn
    FROM candidates c WHERE c.limit_refusal IS NULL
  ), locked AS (
    SELECT c.id FROM conversations c
    WHERE c.id IN (SELECT f.conversation_id FROM fresh f)
    ORDER BY c.id FOR UPDATE
  ), counts AS (
    SELECT f.conversation_id, count(*)::int AS n, max(f.created_at) AS at,
      bool_or(f.created_by IS DISTINCT FROM f.sender_id) AS replied
    FROM fresh f JOIN locked l ON l.id = f.conversation_id
    GROUP BY f.conversation_id
  ), bump AS (
    -- One update per conversation (a row updated twice in a statement keeps one change):
    -- the sequence numbers, and the recipient's reply accepting a waiting request.
    UPDATE conversations c SET last_seq = c.last_seq + counts.n, last_message_at = counts.at,
      request_state = CASE WHEN c.type = 'direct' AND c.request_state = 'pending' AND counts.replied
        THEN 'accepted' ELSE c.request_state END
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
    j.refusal IS DISTINCT FROM 'not_member',
    coalesce(ins.id, e.id),
    coalesce(ins.seq, e.seq),
    coalesce(ins.created_at, e.created_at),
    ins.id IS NOT NULL,
    CASE WHEN ins.id IS NOT NULL THEN (
      SELECT array_agg(cm.user_id::text) FROM conversation_members cm
      WHERE cm.conversation_id = i.conversation_id AND cm.left_at IS NULL AND NOT cm.invite_pending
    ) END,
    coalesce(j.refusal, ca.limit_refusal),
    ins.id IS NOT NULL AND ca.conversation_type = 'direct' AND ca.request_state = 'pending'
      AND ca.created_by IS DISTINCT FROM i.sender_id
  FROM input i
  JOIN judged j ON j.ord = i.ord
  LEFT JOIN existing e ON e.ord = i.ord
  LEFT JOIN candidates ca ON ca.ord = i.ord
  LEFT JOIN inserted ins
    ON ins.conversation_id = i.conversation_id AND ins.sender_id = i.sender_id AND ins.client_id = i.client_id
  ORDER BY i.ord;
END
$$;
