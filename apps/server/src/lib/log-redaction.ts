// Error logs without what people typed: a failed query's parameters (message
// texts, e-mail addresses, lead-form contents) and PostgreSQL's `detail`
// ("Key (email)=(…) already exists") never reach the log. Drizzle puts the
// parameters in the message ("Failed query: …\nparams: …"), so the message and
// the stack are cut there too; the SQL text, with its $1 placeholders, stays.

type Serialized = Record<string, unknown>;

const paramsTail = /\nparams: [\s\S]*$/;

function cleanText(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  return text.replace(paramsTail, '\nparams: [redacted]');
}

function cleanStack(stack: unknown, message: unknown): unknown {
  if (typeof stack !== 'string' || typeof message !== 'string' || !paramsTail.test(message)) return stack;
  const at = stack.indexOf('\n    at ');
  return `${String(cleanText(message))}${at >= 0 ? stack.slice(at) : ''}`;
}

/** The log form of an error: type, message, code, SQL and stack, with values people typed taken out (causes too). */
export function serializeError(err: unknown, depth = 0): Serialized | unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const e = err as Error & Record<string, unknown>;
  const out: Serialized = { type: e.name, message: cleanText(e.message), stack: cleanStack(e.stack, e.message) };
  for (const key of ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'query']) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  if (e.params !== undefined || e.parameters !== undefined) out.params = '[redacted]';
  if (e.detail !== undefined) out.detail = '[redacted]';
  if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** `serializeError` in the shape the logger's `err` serializer has. */
export function errorSerializer(err: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  const out = serializeError(err) as Serialized;
  return { ...out, type: String(out.type ?? 'Error'), message: String(out.message ?? ''), stack: String(out.stack ?? '') };
}
