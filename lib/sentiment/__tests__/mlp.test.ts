// The MLP's packed (SWAR) embedding bag must give exactly the plain int8 sums, long texts included.
import { describe, expect, it } from 'vitest';
import { denseFeatureCount, type TextFeatures } from '@/lib/sentiment/features';
import { blendMlp, decodeMlp, type MlpFile, mlpLogits } from '@/lib/sentiment/mlp';

function int16(values: number[]): string {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => bytes.writeInt16LE(v, i * 2));
  return bytes.toString('base64');
}

describe('MLP inference', () => {
  const buckets = 16;
  const hidden = 8;
  let seed = 12345;
  const next = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
  const embedding = Buffer.from(Array.from({ length: buckets * hidden }, () => next() % 256));
  const w1 = Array.from({ length: hidden * denseFeatureCount }, () => (next() % 2001) - 1000);
  const w2 = Array.from({ length: 2 * hidden }, () => (next() % 2001) - 1000);
  const file: MlpFile = {
    format: 1,
    buckets,
    hidden,
    heads: 2,
    embedding: embedding.toString('base64'),
    embeddingScale: 0.01,
    w1: int16(w1),
    w1Scale: 0.001,
    b1: Array.from({ length: hidden }, (_, j) => (j % 3) * 0.1 - 0.1),
    w2: int16(w2),
    w2Scale: 0.002,
    b2: [0.05, -0.05],
    blend: [0.25, 0],
  };

  function reference(keys: number[], dense: Float64Array): number {
    const sums = new Array<number>(hidden).fill(0);
    for (const key of keys)
      for (let j = 0; j < hidden; j++) sums[j]! += embedding.readInt8((key & (buckets - 1)) * hidden + j);
    const activations = sums.map((sum, j) => {
      let pre = file.b1[j]! + (keys.length ? (sum * file.embeddingScale) / keys.length : 0);
      for (let d = 0; d < denseFeatureCount; d++) pre += w1[j * denseFeatureCount + d]! * file.w1Scale * dense[d]!;
      return Math.max(0, pre);
    });
    return activations.reduce((sum, a, j) => sum + w2[j]! * file.w2Scale * a, file.b2[0]!);
  }

  const features = (keys: number[]): TextFeatures => {
    const dense = new Float64Array(denseFeatureCount);
    dense[0] = 0.7;
    dense[3] = 1;
    return { keys, charWords: [], dense, emojiValence: 0, contentTokens: keys.length };
  };

  it('matches a plain int8 computation for short, empty and long (> 256 keys) bags', () => {
    const model = decodeMlp(file);
    for (const length of [0, 1, 5, 255, 256, 257, 700]) {
      const keys = Array.from({ length }, (_, i) => i * 7919 + 3);
      const f = features(keys);
      expect(mlpLogits(model, f)[0]).toBeCloseTo(reference(keys, f.dense), 9);
      expect(mlpLogits(model, f)[1]).toBe(0); // blend 0: not computed
    }
  });

  it('blends only the heads with a share', () => {
    const model = decodeMlp(file);
    const f = features([1, 2, 3]);
    const logits = Float64Array.of(2, -1);
    blendMlp(model, f, logits);
    expect(logits[0]).toBeCloseTo(0.75 * 2 + 0.25 * reference([1, 2, 3], f.dense), 9);
    expect(logits[1]).toBe(-1);
  });
});
