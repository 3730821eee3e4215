// The shipped linear model: its file format, decoding, and the scoring of one text's features.
import { FeatureTable, pushCharNgramKeys } from './feature-hash';
import {
  defaultFeatureOptions,
  denseFeatureCount,
  denseFeatureNames,
  type FeatureOptions,
  type TextFeatures,
} from './features';
import type { MlpModel } from './mlp';

/** Heads of the model, in weight-column order: Plutchik's eight, then the two polarity detectors. */
export const headNames = [
  'joy',
  'trust',
  'fear',
  'surprise',
  'sadness',
  'disgust',
  'anger',
  'anticipation',
  'positive',
  'negative',
] as const;
export const headCount = headNames.length;
export const positiveHead = headNames.indexOf('positive');
export const negativeHead = headNames.indexOf('negative');

/** The JSON written by `npm run sentiment:train` and committed as lib/sentiment/model.json. */
export interface ModelFile {
  format: 1;
  heads: string[];
  dense: string[];
  /** Base64 of little-endian uint32 feature keys (feature-hash.ts), ascending; row i of the sparse block is key i. */
  vocabulary: string;
  /** Base64 of little-endian int16, rows = dense features then vocabulary, columns = heads. */
  weights: string;
  /** Per head: weight = int16 × scale. */
  scales: number[];
  bias: number[];
  /** Per head: the probability at which the head says "present", tuned on the dev splits. */
  thresholds: number[];
  /** VADER valences (-4..4) of the lexicon words, feeding the two lexicon dense features. */
  lexicon: Record<string, number>;
  /** Sparse feature settings the weights were trained with (absent: word features only). */
  features?: FeatureOptions;
}

export interface LinearModel {
  vocabulary: FeatureTable;
  /** Row-major [row * headCount + head]; dense rows first. */
  weights: Float32Array;
  bias: Float64Array;
  thresholds: Float64Array;
  lexicon: Map<string, number>;
  featureOptions: FeatureOptions;
  /** Word → summed weights of its character n-grams, per head; filled lazily, cleared when full. */
  charCache: Map<string, Float64Array>;
  /** The small nonlinear model (mlp.ts) whose logits are blended into these; absent: linear only. */
  mlp?: MlpModel;
}

/** Bounds the memory of the word cache; common words stay hot because it is refilled on demand. */
const CHAR_CACHE_LIMIT = 50_000;

export function quantizeWeights(weights: Float64Array | Float32Array): { data: string; scales: number[] } {
  const rows = weights.length / headCount;
  const scales = Array.from({ length: headCount }, (_, head) => {
    let max = 0;
    for (let row = 0; row < rows; row++) max = Math.max(max, Math.abs(weights[row * headCount + head]!));
    return max > 0 ? max / 32767 : 1;
  });
  const bytes = Buffer.alloc(weights.length * 2);
  for (let i = 0; i < weights.length; i++) bytes.writeInt16LE(Math.round(weights[i]! / scales[i % headCount]!), i * 2);
  return { data: bytes.toString('base64'), scales };
}

export function encodeKeys(keys: readonly number[]): string {
  const bytes = Buffer.alloc(keys.length * 4);
  keys.forEach((key, i) => bytes.writeUInt32LE(key, i * 4));
  return bytes.toString('base64');
}

function decodeKeys(data: string): Uint32Array {
  const bytes = Buffer.from(data, 'base64');
  const keys = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < keys.length; i++) keys[i] = bytes.readUInt32LE(i * 4);
  return keys;
}

export function decodeModel(file: ModelFile): LinearModel {
  if (file.format !== 1) throw new Error(`unknown sentiment model format ${String(file.format)}`);
  if (file.heads.join() !== headNames.join()) throw new Error('sentiment model heads do not match the code');
  if (file.dense.join() !== denseFeatureNames.join())
    throw new Error('sentiment model dense features do not match the code');
  const bytes = Buffer.from(file.weights, 'base64');
  const keys = decodeKeys(file.vocabulary);
  const rowCount = denseFeatureCount + keys.length;
  if (bytes.length !== rowCount * headCount * 2) throw new Error('sentiment model weights have the wrong size');
  const weights = new Float32Array(rowCount * headCount);
  for (let i = 0; i < weights.length; i++) weights[i] = bytes.readInt16LE(i * 2) * file.scales[i % headCount]!;
  return {
    vocabulary: new FeatureTable(keys, denseFeatureCount),
    weights,
    bias: Float64Array.from(file.bias),
    thresholds: Float64Array.from(file.thresholds),
    lexicon: new Map(Object.entries(file.lexicon)),
    featureOptions: file.features ?? defaultFeatureOptions,
    charCache: new Map(),
  };
}

/**
 * Raw logits of every head for one text. The sparse sums run in ten locals rather than through the
 * array (the loop over a text's keys is the analyzer's hottest); each head still adds its terms in
 * the same order: bias, dense rows, keys, then the words' character n-grams.
 */
export function scoreLogits(model: LinearModel, features: TextFeatures): Float64Array {
  const logits = new Float64Array(model.bias);
  const { weights, vocabulary } = model;
  for (let row = 0; row < denseFeatureCount; row++) {
    const value = features.dense[row]!;
    if (value === 0) continue;
    const base = row * headCount;
    for (let head = 0; head < headCount; head++) logits[head]! += value * weights[base + head]!;
  }
  let h0 = logits[0]!,
    h1 = logits[1]!,
    h2 = logits[2]!,
    h3 = logits[3]!,
    h4 = logits[4]!;
  let h5 = logits[5]!,
    h6 = logits[6]!,
    h7 = logits[7]!,
    h8 = logits[8]!,
    h9 = logits[9]!;
  for (const key of features.keys) {
    const row = vocabulary.rowOf(key);
    if (row < 0) continue;
    const b = row * unrolledHeads;
    h0 += weights[b]!;
    h1 += weights[b + 1]!;
    h2 += weights[b + 2]!;
    h3 += weights[b + 3]!;
    h4 += weights[b + 4]!;
    h5 += weights[b + 5]!;
    h6 += weights[b + 6]!;
    h7 += weights[b + 7]!;
    h8 += weights[b + 8]!;
    h9 += weights[b + 9]!;
  }
  for (const word of features.charWords) {
    const summed = charNgramWeights(model, word);
    h0 += summed[0]!;
    h1 += summed[1]!;
    h2 += summed[2]!;
    h3 += summed[3]!;
    h4 += summed[4]!;
    h5 += summed[5]!;
    h6 += summed[6]!;
    h7 += summed[7]!;
    h8 += summed[8]!;
    h9 += summed[9]!;
  }
  logits[0] = h0;
  logits[1] = h1;
  logits[2] = h2;
  logits[3] = h3;
  logits[4] = h4;
  logits[5] = h5;
  logits[6] = h6;
  logits[7] = h7;
  logits[8] = h8;
  logits[9] = h9;
  return logits;
}

/** scoreLogits unrolls the ten heads; typed as `headCount`, this fails to compile if their number changes. */
const unrolledHeads: typeof headCount = 10;

const charKeyBuffer: number[] = [];

/** The summed weights of a word's character n-grams; a word's n-grams never change, so they are memoised. */
function charNgramWeights(model: LinearModel, word: string): Float64Array {
  const cached = model.charCache.get(word);
  if (cached) return cached;
  const summed = new Float64Array(headCount);
  charKeyBuffer.length = 0;
  pushCharNgramKeys(word, model.featureOptions.charMin, model.featureOptions.charMax, charKeyBuffer);
  for (const key of charKeyBuffer) {
    const row = model.vocabulary.rowOf(key);
    if (row < 0) continue;
    const base = row * headCount;
    for (let head = 0; head < headCount; head++) summed[head]! += model.weights[base + head]!;
  }
  if (model.charCache.size >= CHAR_CACHE_LIMIT) model.charCache.clear();
  model.charCache.set(word, summed);
  return summed;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
