// The demo's limited call (issue 29 §1, decision 061): at Example State
// University the research office has marked a real open grant of the shipped
// catalogue as limited to two applications, three demo researchers sent
// pre-proposals (each with a one-page PDF), two colleagues reviewed the first,
// and the office selected it, which started its application. Made through the
// module's own service, as the office and the researchers would; runs once.
import { sql } from 'drizzle-orm';
import { addIsoDays, todayIso } from '@grantbridge/contract/days';
import { queryRows, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { findUserIdsByEmail } from '../modules/auth/auth.service';
import {
  createCall,
  decidePreProposal,
  inviteReviewer,
  reviewPreProposal,
  submitPreProposal,
} from '../modules/limited-submissions/limited-submissions.service';

const office = 'admin@example.edu';
export const demoProposers = ['mateo.kowalski@example.edu', 'malik.takeda@example.edu', 'lucas.halvorsen@example.edu'];
const demoReviewers = ['kenji.sadeghi@example.edu', 'felix.novak@example.edu'];
const abstracts = [
  'A shared cryo-electron microscope for structural biology, chemistry and materials science: 40 users across six departments, a staffed core and a training programme for graduate students from partner colleges.',
  'A high-performance computing cluster for climate and hydrology models, replacing nodes from 2016; it would triple the ensemble runs our flood-forecasting partners rely on.',
  'An ultrafast laser spectroscopy system for photochemistry, shared with the physics department; it opens time-resolved studies no instrument in the state offers.',
];

/** A one-page PDF saying `text` (a real PDF: header, objects, cross-reference table, trailer). */
export function onePagePdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function loadDemoLimitedSubmissions(db: Db, now = new Date()): Promise<boolean> {
  if (!(await getMeta(db, 'demo_history_at')) || (await getMeta(db, 'demo_limited_submissions_at'))) return false;
  const ids = await findUserIdsByEmail(db, [office, ...demoProposers, ...demoReviewers]);
  const people = await queryRows<{ id: string; name: string; role: 'admin' | 'researcher'; institution_id: string }>(
    db,
    sql`SELECT id, name, role, institution_id FROM users WHERE email = ANY(${`{${[office, ...demoProposers, ...demoReviewers].join(',')}}`}::text[]) AND status = 'active'`,
  );
  const actor = (email: string) => {
    const p = people.find((row) => row.id === ids.get(email));
    return p ? { id: p.id, name: p.name, role: p.role, institution: { id: p.institution_id } } : undefined;
  };
  const admin = actor(office);
  const proposers = demoProposers.map(actor);
  const reviewers = demoReviewers.map(actor);
  if (!admin || proposers.some((p) => !p) || reviewers.some((r) => !r)) return false;
  const today = todayIso(now);
  // A real open grant closing in six weeks or more, none of the proposers applying to it yet; NSF's Major
  // Research Instrumentation (a limited submission in life) when the catalogue holds it.
  const [grant] = await queryRows<{ id: string; close_date: string }>(
    db,
    sql`SELECT g.id, to_char(g.close_date, 'YYYY-MM-DD') AS close_date FROM grants g
      WHERE g.status = 'posted' AND g.close_date >= ${addIsoDays(today, 42)}::date
        AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.grant_id = g.id AND a.user_id = ANY(${`{${proposers.map((p) => p!.id).join(',')}}`}::uuid[]))
      ORDER BY (g.title ILIKE '%Major Research Instrumentation%') DESC, (g.agency_code LIKE 'NSF%') DESC, g.close_date, g.id
      LIMIT 1`,
  );
  if (!grant) return false;
  const internalDeadline = addIsoDays(today, 21);
  const { call } = await createCall(db, admin, { grantId: grant.id, cap: 2, internalDeadline, abstractWordLimit: 300, maxPdfs: 2 }, now);
  const sent: string[] = [];
  for (const [i, proposer] of proposers.entries()) {
    const pdf = onePagePdf(`Pre-proposal: project narrative by ${proposer!.name}`);
    const { preProposal } = await submitPreProposal(
      db,
      proposer!,
      call.id,
      { abstract: abstracts[i]!, files: [{ fileName: 'project-narrative.pdf', contentBase64: pdf.toString('base64') }] },
      now,
    );
    sent.push(preProposal.id);
  }
  for (const reviewer of reviewers) await inviteReviewer(db, admin, call.id, reviewer!.id);
  await reviewPreProposal(db, reviewers[0]!, call.id, sent[0]!, { score: 5, comment: 'Six departments share it and the core staff is funded: the strongest case.', conflictOfInterest: false });
  await reviewPreProposal(db, reviewers[1]!, call.id, sent[0]!, { score: 4, comment: 'Convincing; the training plan could name the partner colleges.', conflictOfInterest: false });
  await decidePreProposal(db, admin, call.id, sent[0]!, 'selected');
  await setMeta(db, 'demo_limited_submissions_at', now.toISOString());
  return true;
}
