import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API lives on the Fastify server; in dev and preview the same-origin
// `/api` calls (and the realtime WebSocket) are proxied to it.
const apiProxy = {
  '/api': { target: 'http://localhost:3000', ws: true },
};

/** Writes .br and .gz beside each text asset; the server sends them pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'grantbridge-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Whether evaluating `node` calls anything (a function's own body is not evaluated here). */
function callsSomething(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(callsSomething);
  const { type } = node as Node;
  if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression') return false;
  if (
    type === 'CallExpression' ||
    type === 'NewExpression' ||
    type === 'TaggedTemplateExpression'
  ) {
    return true;
  }
  return Object.entries(node).some(([key, value]) => key !== 'type' && callsSomething(value));
}

/**
 * Lets the build drop the contract's schemas a page does not use. A contract
 * module keeps its constants (status lists, limits, labels) beside its zod
 * schemas, and a page that imports only a constant got every schema of the
 * module, and zod itself (26 KB gz), because Rollup cannot tell that building
 * a schema has no side effect. Each top-level initialiser that calls
 * something is wrapped in an IIFE marked pure, as zod does for its own
 * constants: it runs exactly as before where it is used, and is left out
 * where it is not. The contract has no top-level statement but declarations
 * (and its schemas register nothing), so nothing else changes. Decision 051.
 */
function pureContract(): Plugin {
  return {
    name: 'grantbridge-pure-contract',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^\\/?]+\.ts(\?|$)/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration'
            ? (statement.declaration as Node | null)
            : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init && callsSomething(init)) inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

const realtimeCopy = '?realtime-reader';

/**
 * Gives the realtime event reader (src/lib/realtime-event-parser.ts) its own
 * copy of the contract modules it reads. Rollup puts a module in one chunk
 * only, with every part any importer uses: the feed's and messaging's
 * contract modules, whose limits the feed and chat pages use, would carry
 * the event schemas the reader needs, and with them zod, into those pages.
 * With a copy, the pages' modules keep their constants only, and the reader's
 * chunk (fetched with the first realtime event) has the schemas. The copies
 * cost a few hundred bytes in that chunk. Decision 051.
 */
function realtimeReaderCopy(): Plugin {
  return {
    name: 'grantbridge-realtime-reader-copy',
    apply: 'build',
    // Before Vite's own resolver, which would answer first.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const fromReader =
        /[\\/]src[\\/]lib[\\/]realtime-event-parser\.ts$/.test(importer) &&
        source.startsWith('@grantbridge/contract/');
      const withinCopy = importer.endsWith(realtimeCopy) && source.startsWith('.');
      if (!fromReader && !withinCopy) return null;
      const resolved = await this.resolve(source, importer.replace(/\?.*$/, ''), {
        skipSelf: true,
      });
      if (!resolved || !/[\\/]packages[\\/]contract[\\/]/.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${realtimeCopy}` };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), pureContract(), realtimeReaderCopy()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
