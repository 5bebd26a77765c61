// CSV onboarding: one invitation per row of `email,name,title,department,
// research_areas` (areas separated by ";"), parsed by csv-parse (quotes,
// commas and line breaks inside quotes, a BOM, CRLF). A bad row is reported
// with its line and the others go on; an address that has an account or a
// pending invitation is skipped, so the same file twice invites nobody twice.
// A dry run answers the same and changes nothing; both list every row with
// what happens to it, so the preview can show the people. Rows are written in
// batches (one statement for the invitations, one for their e-mails), so
// 5,000 rows take seconds (docs/benchmarks.md).
import { parse } from 'csv-parse/sync';
import { emailSchema } from '@grantbridge/contract/auth';
import type { ImportResult, ImportRow } from '@grantbridge/contract/people';
import type { Config } from '../../config';
import { withTransaction, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueEmails } from '../../jobs/outbox';
import { hashToken, newToken } from '../../lib/tokens';
import type { Actor } from '../../plugins/types';
import { findUserIdsByEmail } from '../auth/auth.service';
import { findInstitutionById } from '../institutions/institutions.service';
import { canManagePeople } from './people.policy';
import { findPendingEmails, insertInvitations } from './people.repository';
import { addressRefusal, invitationEmail, invitationLifetimeMs } from './people.service';

export const maxImportRows = 5000;
const batchSize = 500;
const columns = ['email', 'name', 'title', 'department', 'research_areas'] as const;

type Row = { line: number; email: string; name: string; title: string | null; department: string | null; areas: string[] };

function rowOf(
  row: Pick<Row, 'line' | 'name' | 'email' | 'department'>,
  outcome: ImportRow['outcome'],
  reason: string | null = null,
): ImportRow {
  return { line: row.line, name: row.name.slice(0, 200), email: row.email.slice(0, 320), department: row.department, outcome, reason };
}

function readRows(text: string): { rows: Row[]; problems: ImportRow[] } {
  let records: { record: Record<string, string>; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      raw: true,
    });
  } catch (error) {
    throw new AppError('validation_failed', `The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new AppError('validation_failed', 'The file has no rows under its header.');
  const header = Object.keys(records[0]!.record);
  const missing = ['email', 'name'].filter((c) => !header.includes(c));
  if (missing.length) {
    throw new AppError('validation_failed', `The header must name the columns ${columns.join(',')} (missing: ${missing.join(', ')}).`);
  }
  if (records.length > maxImportRows) {
    throw new AppError('validation_failed', `At most ${maxImportRows} rows per file; this one has ${records.length}.`);
  }
  const rows: Row[] = [];
  const problems: ImportRow[] = [];
  // Each record's first line, found by locating its raw text in the file
  // (csv-parse's own line count treats line breaks inside quotes unevenly).
  let cursor = text.indexOf('\n') + 1;
  let line = 2;
  for (const { record, raw: rawText } of records) {
    // A skipped empty line comes at the front of the next record's raw text.
    const raw = rawText.replace(/^[\r\n]+/, '');
    const at = text.indexOf(raw, cursor);
    if (at >= 0) {
      for (let i = cursor; i < at; i++) if (text.charCodeAt(i) === 10) line++;
      cursor = at;
    }
    const recordLine = line;
    for (let i = cursor; i < cursor + raw.length; i++) if (text.charCodeAt(i) === 10) line++;
    cursor += raw.length;
    const email = emailSchema.safeParse(record.email ?? '');
    const name = (record.name ?? '').trim();
    const department = record.department?.slice(0, 200) || null;
    const problem = (reason: string) =>
      problems.push(rowOf({ line: recordLine, name, email: record.email ?? '', department }, 'problem', reason));
    if (!email.success) problem(`"${record.email ?? ''}" is not an e-mail address`);
    else if (!name) problem('The name is missing');
    else if (name.length > 200) problem('The name is longer than 200 characters');
    else {
      rows.push({
        line: recordLine,
        email: email.data.toLowerCase(),
        name,
        title: record.title?.slice(0, 200) || null,
        department,
        areas: [...new Set((record.research_areas ?? '').split(';').map((a) => a.trim()).filter(Boolean))].slice(0, 30),
      });
    }
  }
  return { rows, problems };
}

export async function importResearchers(
  db: Db,
  config: Config,
  actor: Actor,
  text: string,
  options: { dryRun: boolean },
  now = new Date(),
): Promise<ImportResult> {
  if (!canManagePeople(actor, actor.institution.id)) throw new AppError('forbidden', 'Only administrators import people.');
  const institution = (await findInstitutionById(db, actor.institution.id))!;
  const { rows, problems } = readRows(text);
  const outcomes = [...problems];
  const seen = new Set<string>();
  const fresh: Row[] = [];
  const registered = await findUserIdsByEmail(db, rows.map((r) => r.email));
  const pending = await findPendingEmails(db, rows.map((r) => r.email));
  const owners = new Map();
  for (const row of rows) {
    const refusal = await addressRefusal(db, institution, row.email, owners);
    if (refusal) outcomes.push(rowOf(row, 'problem', refusal));
    else if (seen.has(row.email)) outcomes.push(rowOf(row, 'problem', `${row.email} appears earlier in the file`));
    else if (registered.has(row.email)) outcomes.push(rowOf(row, 'member'));
    else if (pending.has(row.email)) outcomes.push(rowOf(row, 'invited'));
    else {
      fresh.push(row);
      outcomes.push(rowOf(row, 'invite'));
    }
    seen.add(row.email);
  }
  outcomes.sort((a, b) => a.line - b.line);
  const result = () => ({
    invited: outcomes.filter((r) => r.outcome === 'invite').length,
    skipped: outcomes.filter((r) => r.outcome === 'member' || r.outcome === 'invited').length,
    errors: outcomes.flatMap((r) => (r.outcome === 'problem' ? [{ line: r.line, reason: r.reason! }] : [])),
    rows: outcomes,
  });
  if (options.dryRun) return result();

  const byEmail = new Map(outcomes.filter((r) => r.outcome === 'invite').map((r) => [r.email, r]));
  for (let start = 0; start < fresh.length; start += batchSize) {
    const batch = fresh.slice(start, start + batchSize).map((row) => ({ row, token: newToken() }));
    await withTransaction(db, async (tx) => {
      const inserted = await insertInvitations(
        tx,
        batch.map(({ row, token }) => ({
          institutionId: institution.id,
          email: row.email,
          name: row.name,
          title: row.title,
          department: row.department,
          researchAreas: row.areas,
          role: 'researcher' as const,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + invitationLifetimeMs),
          invitedBy: actor.id,
          lastSentAt: now,
        })),
      );
      const tokens = new Map(batch.map(({ row, token }) => [row.email, token]));
      await enqueueEmails(tx, inserted.map((i) => invitationEmail(config, i, tokens.get(i.email)!, institution.name)));
      // An address invited meanwhile by someone else counts as skipped.
      const sent = new Set(inserted.map((i) => i.email));
      for (const { row } of batch) if (!sent.has(row.email)) byEmail.get(row.email)!.outcome = 'invited';
    });
  }
  return result();
}
