// A small nonlinear model ensembled with the linear one (fastText-style embedding bag, one hidden layer).
// The word features' keys (unigrams, negated unigrams, bigrams) are hashed into `buckets` rows of a
// `hidden`-wide embedding table; their mean plus a linear map of the dense features is the hidden
// layer's pre-activation (the embedding rows are its input weights, so the bag needs no second
// projection), then ReLU, then one logit per head. Its logits are blended into the linear model's
// (analyze.ts). Allocation-free per text.
import { denseFeatureCount, type TextFeatures } from './features';

/** The JSON written by `npm run sentiment:train` next to model.json, as lib/sentiment/mlp.json. */
export interface MlpFile {
  format: 1;
  buckets: number;
  hidden: number;
  heads: number;
  /** Base64 of int8, buckets × hidden; value = int8 × embeddingScale. */
  embedding: string;
  embeddingScale: number;
  /** Base64 of little-endian int16, hidden × dense features; value = int16 × w1Scale. */
  w1: string;
  w1Scale: number;
  b1: number[];
  /** Base64 of little-endian int16, heads × hidden. */
  w2: string;
  w2Scale: number;
  b2: number[];
  /** Per head: final logit = (1 − blend) × linear + blend × MLP. */
  blend: number[];
}

export interface MlpModel {
  buckets: number;
  hidden: number;
  heads: number;
  /**
   * The int8 rows as offset-binary bytes (int8 + 128) packed four to a word, so the bag adds a row
   * with `hidden / 4` word reads (SWAR below); value = (byte − 128) × embeddingScale. One cache line a row.
   */
  embedding: Uint32Array;
  embeddingScale: number;
  /** Dense-feature weights, transposed to [feature * hidden + unit] so a non-zero feature adds one column. */
  w1: Float64Array;
  b1: Float64Array;
  w2: Float64Array;
  b2: Float64Array;
  blend: Float64Array;
  /** Scratch, reused by every call: packed 16-bit lane sums (even, odd bytes of each word) and their totals. */
  lanes: Int32Array;
  sums: Int32Array;
  activations: Float64Array;
  logits: Float64Array;
}

export function decodeMlp(file: MlpFile): MlpModel {
  if (file.format !== 1) throw new Error(`unknown sentiment MLP format ${String(file.format)}`);
  const embeddingBytes = Buffer.from(file.embedding, 'base64');
  if (embeddingBytes.length !== file.buckets * file.hidden || file.hidden % 4 !== 0)
    throw new Error('sentiment MLP embedding has the wrong size');
  const packed = new Uint8Array(embeddingBytes.length);
  for (let i = 0; i < packed.length; i++) packed[i] = (embeddingBytes[i]! ^ 0x80) & 0xff;
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1)
    throw new Error('sentiment MLP needs a little-endian platform');
  const int16 = (data: string, length: number, scale: number): Float64Array => {
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length !== length * 2) throw new Error('sentiment MLP layer has the wrong size');
    const out = new Float64Array(length);
    for (let i = 0; i < length; i++) out[i] = bytes.readInt16LE(i * 2) * scale;
    return out;
  };
  const stored = int16(file.w1, file.hidden * denseFeatureCount, file.w1Scale);
  const w1 = new Float64Array(stored.length);
  for (let j = 0; j < file.hidden; j++)
    for (let d = 0; d < denseFeatureCount; d++) w1[d * file.hidden + j] = stored[j * denseFeatureCount + d]!;
  return {
    buckets: file.buckets,
    hidden: file.hidden,
    heads: file.heads,
    embedding: new Uint32Array(packed.buffer),
    embeddingScale: file.embeddingScale,
    w1,
    b1: Float64Array.from(file.b1),
    w2: int16(file.w2, file.heads * file.hidden, file.w2Scale),
    b2: Float64Array.from(file.b2),
    blend: Float64Array.from(file.blend),
    lanes: new Int32Array(file.hidden / 2),
    sums: new Int32Array(file.hidden),
    activations: new Float64Array(file.hidden),
    logits: new Float64Array(file.heads),
  };
}

/**
 * The MLP's logits for a text's features, written into `model.logits` (reused). Heads whose blend is 0
 * are left at 0: nothing reads them.
 */
export function mlpLogits(model: MlpModel, features: TextFeatures): Float64Array {
  const { lanes, sums, embedding, hidden, w1, b1, activations, w2, b2, logits, heads, blend } = model;
  const { dense } = features;
  const mask = model.buckets - 1;
  const words = hidden >> 2;
  sums.fill(0);
  lanes.fill(0);
  let count = 0;
  let pending = 0;
  for (const key of features.keys) {
    // Each word holds four offset bytes; its even and odd bytes go to two accumulators of 16-bit
    // lanes, which hold 256 rows of 255 without carrying into the next lane.
    const base = (key & mask) * words;
    for (let w = 0; w < words; w++) {
      const word = embedding[base + w]!;
      lanes[2 * w] = (lanes[2 * w]! + (word & 0x00ff00ff)) | 0;
      lanes[2 * w + 1] = (lanes[2 * w + 1]! + ((word >>> 8) & 0x00ff00ff)) | 0;
    }
    count++;
    if (++pending === 256) {
      flushLanes(lanes, sums, words);
      pending = 0;
    }
  }
  flushLanes(lanes, sums, words);
  // Undo the +128 offset: exact integer sums of the int8 rows.
  for (let j = 0; j < hidden; j++) sums[j]! -= 128 * count;
  const scale = count > 0 ? model.embeddingScale / count : 0;
  for (let j = 0; j < hidden; j++) activations[j] = b1[j]! + sums[j]! * scale;
  // Most dense features are 0 (emoji flags, cues), so they go feature by feature.
  for (let d = 0; d < denseFeatureCount; d++) {
    const value = dense[d]!;
    if (value === 0) continue;
    const base = d * hidden;
    for (let j = 0; j < hidden; j++) activations[j]! += w1[base + j]! * value;
  }
  for (let j = 0; j < hidden; j++) if (activations[j]! < 0) activations[j] = 0;
  for (let h = 0; h < heads; h++) {
    if (blend[h] === 0) {
      logits[h] = 0;
      continue;
    }
    let sum = b2[h]!;
    const base = h * hidden;
    for (let j = 0; j < hidden; j++) sum += w2[base + j]! * activations[j]!;
    logits[h] = sum;
  }
  return logits;
}
/** Adds the packed lane sums into the per-unit sums (unit 4w + b is byte b of word w) and clears them. */
function flushLanes(lanes: Int32Array, sums: Int32Array, words: number): void {
  for (let w = 0; w < words; w++) {
    const even = lanes[2 * w]!;
    const odd = lanes[2 * w + 1]!;
    sums[4 * w]! += even & 0xffff;
    sums[4 * w + 1]! += odd & 0xffff;
    sums[4 * w + 2]! += even >>> 16;
    sums[4 * w + 3]! += odd >>> 16;
    lanes[2 * w] = 0;
    lanes[2 * w + 1] = 0;
  }
}

/** Blends the MLP's logits into the linear model's, in place, head by head. */
export function blendMlp(model: MlpModel, features: TextFeatures, linearLogits: Float64Array): void {
  const logits = mlpLogits(model, features);
  const { blend } = model;
  for (let h = 0; h < model.heads; h++) {
    const b = blend[h]!;
    if (b !== 0) linearLogits[h] = (1 - b) * linearLogits[h]! + b * logits[h]!;
  }
}
