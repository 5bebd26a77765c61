import fs from 'node:fs';
import { readPublicationFile } from './src/modules/researchers/publications-import';
import { closeWorkerPools } from './src/lib/worker-pool';
const text = fs.readFileSync(process.argv[2], 'utf8');
const t = performance.now();
const tick = setInterval(() => {}, 10);
try { const r = await readPublicationFile(text); console.log(r.items.length, r.items[0]?.title.slice(0,40), r.errors); } catch (e) { console.log('err', (e as Error).message.slice(0,300)); }
console.log('ms', performance.now() - t);
clearInterval(tick); await closeWorkerPools();
