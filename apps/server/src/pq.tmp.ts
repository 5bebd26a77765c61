import { parseQuery } from './modules/search/query-parser';
import { readFileSync } from 'node:fs';
const qs = JSON.parse(readFileSync('/work/main/data/relevance/assistant.json','utf8'));
for (const q of qs) console.log(q.query, '\n   ', JSON.stringify(parseQuery(q.query, new Date('2026-11-24'))));
