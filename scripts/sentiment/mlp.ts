// Trains the small nonlinear model of lib/sentiment/mlp.ts: hashed word-feature embedding bag (mean,
// hidden-wide) + dense features → ReLU hidden layer → one sigmoid per head, AdaGrad, per-example sparse updates.
// Deterministic: seeded initialisation, seeded shuffle and seeded dropout, a fixed order of operations.
import { denseFeatureCount } from '../../lib/sentiment/features';
import type { MlpFile } from '../../lib/sentiment/mlp';
import { adagradStep, seededRandom, shuffleInPlace } from './logistic';

export interface MlpExample {
  /** Distinct word-feature keys of the text (features.ts `keys`), before bucketing. */
  keys: Int32Array;
  dense: Float64Array;
  /** Per head: 1, 0, or NaN when this example says nothing about that head. */
  targets: Float64Array;
}

export interface MlpOptions {
  buckets: number;
  hidden: number;
  heads: number;
  epochs: number;
  learningRate: number;
  /** Share of a text's keys left out of its bag at each training step (word dropout). */
  dropout: number;
  /** L2 on the dense layers, applied at each step. */
  l2: number;
  seed: number;
}

export interface MlpWeights {
  embedding: Float64Array;
  w1: Float64Array;
  b1: Float64Array;
  w2: Float64Array;
  b2: Float64Array;
}

export function trainMlp(examples: readonly MlpExample[], options: MlpOptions): MlpWeights {
  const { buckets, hidden, heads, learningRate: rate, dropout, l2 } = options;
  const dense = denseFeatureCount;
  const random = seededRandom(options.seed);
  const uniform = (limit: number): number => (random() * 2 - 1) * limit;
  // The embedding rows are the hidden layer's input weights: the bag's mean is the pre-activation.
  const embedding = Float64Array.from({ length: buckets * hidden }, () => uniform(1 / Math.sqrt(hidden)));
  const w1 = Float64Array.from({ length: hidden * dense }, () => uniform(Math.sqrt(6 / (dense + hidden))));
  const b1 = new Float64Array(hidden);
  const w2 = Float64Array.from({ length: heads * hidden }, () => uniform(Math.sqrt(6 / (hidden + heads))));
  const b2 = new Float64Array(heads);
  const g = (n: number): Float64Array => new Float64Array(n).fill(1e-8);
  const gEmbedding = g(embedding.length);
  const gW1 = g(w1.length);
  const gB1 = g(hidden);
  const gW2 = g(w2.length);
  const gB2 = g(heads);
  const mask = buckets - 1;

  const activations = new Float64Array(hidden);
  const errors = new Float64Array(heads);
  const dHidden = new Float64Array(hidden);
  const kept = new Int32Array(4096);

  const order = Int32Array.from({ length: examples.length }, (_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const index of order) {
      const { keys, dense: values, targets } = examples[index]!;
      let count = 0;
      for (let k = 0; k < keys.length && count < kept.length; k++) {
        if (dropout > 0 && random() < dropout) continue;
        kept[count++] = (keys[k]! & mask) * hidden;
      }
      activations.fill(0);
      for (let k = 0; k < count; k++) for (let j = 0; j < hidden; j++) activations[j]! += embedding[kept[k]! + j]!;
      for (let j = 0; j < hidden; j++) {
        let sum = b1[j]! + (count > 0 ? activations[j]! / count : 0);
        const base = j * dense;
        for (let d = 0; d < dense; d++) sum += w1[base + d]! * values[d]!;
        activations[j] = Math.max(sum, 0);
      }
      let any = false;
      for (let h = 0; h < heads; h++) {
        const target = targets[h]!;
        if (Number.isNaN(target)) {
          errors[h] = 0;
          continue;
        }
        let sum = b2[h]!;
        const base = h * hidden;
        for (let j = 0; j < hidden; j++) sum += w2[base + j]! * activations[j]!;
        errors[h] = 1 / (1 + Math.exp(-sum)) - target;
        any = true;
      }
      if (!any) continue;
      dHidden.fill(0);
      for (let h = 0; h < heads; h++) {
        const e = errors[h]!;
        if (e === 0) continue;
        const base = h * hidden;
        for (let j = 0; j < hidden; j++) {
          dHidden[j]! += w2[base + j]! * e;
          adagradStep(w2, gW2, base + j, e * activations[j]! + l2 * w2[base + j]!, rate);
        }
        adagradStep(b2, gB2, h, e, rate);
      }
      for (let j = 0; j < hidden; j++) {
        if (activations[j]! <= 0) {
          dHidden[j] = 0;
          continue;
        }
        const d = dHidden[j]!;
        const base = j * dense;
        for (let i = 0; i < dense; i++) {
          if (values[i] === 0) continue;
          adagradStep(w1, gW1, base + i, d * values[i]! + l2 * w1[base + i]!, rate);
        }
        adagradStep(b1, gB1, j, d, rate);
      }
      // Embedding rows of the bag (mean: each gets 1/count of the pre-activation gradient).
      for (let k = 0; k < count; k++) {
        const base = kept[k]!;
        for (let j = 0; j < hidden; j++) {
          const grad = dHidden[j]! / count;
          if (grad !== 0) adagradStep(embedding, gEmbedding, base + j, grad, rate);
        }
      }
    }
  }
  return { embedding, w1, b1, w2, b2 };
}

function maxAbs(values: Float64Array): number {
  let max = 0;
  for (const v of values) max = Math.max(max, Math.abs(v));
  return max > 0 ? max : 1;
}

/** Quantises trained weights into the shipped file: int8 embeddings, int16 dense layers, one scale per matrix. */
export function toMlpFile(weights: MlpWeights, options: MlpOptions, blend: readonly number[]): MlpFile {
  const embeddingScale = maxAbs(weights.embedding) / 127;
  const embedding = Buffer.alloc(weights.embedding.length);
  weights.embedding.forEach((v, i) => embedding.writeInt8(Math.round(v / embeddingScale), i));
  const int16 = (values: Float64Array): { data: string; scale: number } => {
    const scale = maxAbs(values) / 32767;
    const bytes = Buffer.alloc(values.length * 2);
    values.forEach((v, i) => bytes.writeInt16LE(Math.round(v / scale), i * 2));
    return { data: bytes.toString('base64'), scale };
  };
  const w1 = int16(weights.w1);
  const w2 = int16(weights.w2);
  const round = (v: number): number => Number(v.toFixed(6));
  return {
    format: 1,
    buckets: options.buckets,
    hidden: options.hidden,
    heads: options.heads,
    embedding: embedding.toString('base64'),
    embeddingScale,
    w1: w1.data,
    w1Scale: w1.scale,
    b1: Array.from(weights.b1, round),
    w2: w2.data,
    w2Scale: w2.scale,
    b2: Array.from(weights.b2, round),
    blend: [...blend],
  };
}
