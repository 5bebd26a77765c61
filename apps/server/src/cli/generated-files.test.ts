// Generated files are committed and must match what the code generates now.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiFile, renderOpenApi } from './generate-openapi';

describe('generated files', () => {
  it('docs/openapi.json matches the routes (run `npm run openapi` after changing the API)', async () => {
    const committed = fs.readFileSync(openApiFile, 'utf8');
    expect(await renderOpenApi()).toBe(committed);
  });
});
