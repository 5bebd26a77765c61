// `npm run openapi`: writes the OpenAPI document the server serves to
// docs/openapi.json, so API changes show up in review (STYLE rule 9).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

export async function renderOpenApi(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-openapi-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_DIST: path.join(dir, 'none') });
  const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  const app = await buildApp(config, { database });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const openApiFile = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../docs/openapi.json');

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  renderOpenApi()
    .then((text) => {
      fs.writeFileSync(openApiFile, text);
      console.log(`wrote ${openApiFile}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
