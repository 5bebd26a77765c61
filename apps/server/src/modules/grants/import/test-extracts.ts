// Builders of small extracts and zip archives for the importer's tests (their
// row checks are in test-extracts.repository.ts).
import zlib from 'node:zlib';
import { grantsNamespace } from './extract-records';

export const ns = grantsNamespace;

export type Fields = Record<string, string | string[] | undefined>;

export function record(fields: Fields, kind: 'synopsis' | 'forecast' = 'synopsis') {
  const tag =
    kind === 'synopsis' ? 'OpportunitySynopsisDetail_1_0' : 'OpportunityForecastDetail_1_0';
  const body = Object.entries(fields)
    .flatMap(([name, value]) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value]).map((v) => `<${name}>${v}</${name}>`),
    )
    .join('');
  return `<${tag}>${body}</${tag}>`;
}

export function extract(...records: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Grants xmlns="${ns}">\n${records.join('\n')}\n</Grants>\n`;
}

export function base(id: string, extra: Fields = {}): Fields {
  return {
    OpportunityID: id,
    OpportunityTitle: `Watershed restoration research ${id}`,
    OpportunityNumber: `TEST-${id}`,
    FundingInstrumentType: 'G',
    CategoryOfFundingActivity: ['ST', 'ENV'],
    CFDANumbers: '15.808',
    EligibleApplicants: ['06', '20'],
    AgencyCode: 'DOI-USGS1',
    AgencyName: 'Geological Survey',
    PostDate: '01152026',
    CloseDate: '09302026',
    LastUpdatedDate: '01152026',
    AwardCeiling: '250000',
    AwardFloor: '10000',
    EstimatedTotalProgramFunding: '1000000',
    ExpectedNumberOfAwards: '4',
    Description: 'Stream restoration and nutrient cycling in forested watersheds.',
    Version: 'Synopsis 1',
    CostSharingOrMatchingRequirement: 'No',
    ...extra,
  };
}

/** A zip archive with stored (or deflated) entries, enough for the reader's tests. */
export function storedZip(
  entries: [string, string][],
  options: { deflate?: boolean } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const raw = Buffer.from(text);
    const data = options.deflate ? zlib.deflateRawSync(raw) : raw;
    const method = options.deflate ? 8 : 0;
    const nameBuf = Buffer.from(name);
    const crc = zlib.crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
