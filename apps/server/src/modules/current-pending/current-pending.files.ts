// The Current and Pending Support document as files (decision 062): DOCX by
// `docx`, PDF by `pdfkit` (its standard fonts ship inside the package), the
// same fields in the same order: current support, then pending, each entry a
// table of NSF's and NIH's fields. A value not entered says "Not entered".
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import PDFDocument from 'pdfkit';
import { supportRoleLabels, type CurrentPendingResponse, type SupportEntry } from '@grantbridge/contract/current-pending';

export const notEntered = 'Not entered';
const title = 'Current and Pending (Other) Support';
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** An entry's fields as label and value, the document's rows. */
export function documentRows(entry: SupportEntry): [label: string, value: string][] {
  const months = entry.personMonths.length
    ? entry.personMonths.map((y) => `${y.year}: ${y.personMonths === null ? notEntered : y.personMonths.toFixed(2)}`).join('; ')
    : notEntered;
  return [
    ['Title', entry.title],
    ['Sponsor', entry.sponsor ?? notEntered],
    ['Award number', entry.kind === 'current' ? (entry.awardNumber ?? notEntered) : 'Pending (not yet awarded)'],
    [entry.kind === 'current' ? 'Amount awarded' : 'Amount requested', entry.amount === null ? notEntered : dollars.format(entry.amount)],
    ['Project period', entry.projectStart && entry.projectEnd ? `${entry.projectStart} to ${entry.projectEnd}` : notEntered],
    ['Person-months per year (calendar)', months],
    ['Role', entry.role ? supportRoleLabels[entry.role] : notEntered],
    ['Overlap statement', entry.overlapStatement ?? notEntered],
  ];
}

function sections(doc: CurrentPendingResponse) {
  return [
    { heading: 'Current support', entries: doc.entries.filter((e) => e.kind === 'current') },
    { heading: 'Pending support', entries: doc.entries.filter((e) => e.kind === 'pending') },
  ];
}

const byLine = (doc: CurrentPendingResponse, day: string) =>
  `${doc.person.name}${doc.person.institution ? `, ${doc.person.institution}` : ''}. Prepared ${day} from GrantBridge.`;
const unitsNote = 'Person-months are calendar months in each calendar year of the project.';

export async function currentPendingDocx(doc: CurrentPendingResponse, day: string): Promise<Buffer> {
  const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
  const borders = { top: border, bottom: border, left: border, right: border };
  const table = (entry: SupportEntry) =>
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: documentRows(entry).map(
        ([label, value]) =>
          new TableRow({
            children: [
              new TableCell({ borders, width: { size: 30, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })] }),
              new TableCell({ borders, width: { size: 70, type: WidthType.PERCENTAGE }, children: [new Paragraph(value)] }),
            ],
          }),
      ),
    });
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.LEFT, children: [new TextRun(title)] }),
    new Paragraph(byLine(doc, day)),
    new Paragraph(unitsNote),
  ];
  for (const section of sections(doc)) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.heading)] }));
    if (section.entries.length === 0) children.push(new Paragraph('None.'));
    for (const entry of section.entries) {
      children.push(table(entry), new Paragraph(''));
    }
  }
  const file = new Document({ creator: 'GrantBridge', title, sections: [{ children }] });
  return Packer.toBuffer(file);
}

export function currentPendingPdf(doc: CurrentPendingResponse, day: string): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title, Author: doc.person.name, Creator: 'GrantBridge' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const labelWidth = width * 0.3;
  pdf.font('Helvetica-Bold').fontSize(18).text(title);
  pdf.font('Helvetica').fontSize(10).moveDown(0.3).text(byLine(doc, day)).text(unitsNote);
  for (const section of sections(doc)) {
    pdf.moveDown(1).font('Helvetica-Bold').fontSize(14).text(section.heading, left);
    if (section.entries.length === 0) pdf.font('Helvetica').fontSize(10).moveDown(0.3).text('None.');
    for (const entry of section.entries) {
      pdf.moveDown(0.5);
      for (const [label, value] of documentRows(entry)) {
        pdf.font('Helvetica').fontSize(10);
        const height = Math.max(
          pdf.heightOfString(label, { width: labelWidth - 8 }),
          pdf.heightOfString(value, { width: width - labelWidth - 8 }),
        ) + 6;
        if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
        const top = pdf.y;
        pdf.rect(left, top, width, height).strokeColor('#999999').lineWidth(0.5).stroke();
        pdf.moveTo(left + labelWidth, top).lineTo(left + labelWidth, top + height).stroke();
        pdf.font('Helvetica-Bold').text(label, left + 4, top + 3, { width: labelWidth - 8 });
        pdf.font('Helvetica').text(value, left + labelWidth + 4, top + 3, { width: width - labelWidth - 8 });
        pdf.x = left;
        pdf.y = top + height;
      }
    }
  }
  pdf.end();
  return done;
}
