// The endpoint table's entries for the spreadsheet exports (exports.ts):
// search results with the search's own parameters, my saved grants and my
// applications, each as CSV and as Excel. The body is a file, streamed.
// Spread into `endpoints` (endpoints.ts).
import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { grantSearchQuerySchema } from './grants';

export const exportEndpoints = {
  /** text/csv: every result of GET /grants/search for the same parameters, in its order (page and pageSize ignored), at most exportRowCap rows. */
  grantSearchCsv: {
    method: 'GET',
    path: '/api/v1/grants/search.csv',
    query: grantSearchQuerySchema,
    response: z.unknown(),
  },
  /** An Excel workbook (.xlsx) of the same rows as grantSearchCsv. */
  grantSearchXlsx: {
    method: 'GET',
    path: '/api/v1/grants/search.xlsx',
    query: grantSearchQuerySchema,
    response: z.unknown(),
  },
  /** text/csv: my saved grants, newest first, with the search export's columns (score and why left empty). */
  savedGrantsCsv: {
    method: 'GET',
    path: '/api/v1/saved-grants.csv',
    response: z.unknown(),
  },
  /** An Excel workbook (.xlsx) of my saved grants. */
  savedGrantsXlsx: {
    method: 'GET',
    path: '/api/v1/saved-grants.xlsx',
    response: z.unknown(),
  },
  /** text/csv: my applications (those GET /applications lists), newest first. */
  applicationsCsv: {
    method: 'GET',
    path: '/api/v1/applications.csv',
    response: z.unknown(),
  },
  /** An Excel workbook (.xlsx) of my applications. */
  applicationsXlsx: {
    method: 'GET',
    path: '/api/v1/applications.xlsx',
    response: z.unknown(),
  },
} as const satisfies Record<string, Endpoint>;
