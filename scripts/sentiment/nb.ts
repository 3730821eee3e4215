// NB-SVM style feature scaling (Wang & Manning 2012, "Baselines and Bigrams"), per one-vs-rest head.
// For head c, over the training texts with a 0/1 target for c and binarized sparse features:
//   p = α + Σ_{x∈pos} x,  q = α + Σ_{x∈neg} x,  r_c = log((p/‖p‖₁) / (q/‖q‖₁)).
// The head's logistic regression then trains on x ⊙ r_c; since the score is Σ w·r·x + b, the ratios
// are folded into the stored weights afterwards, so inference and the model format do not change.
import type { EncodedExample } from './logistic';

export interface NbOptions {
  /** Additive smoothing of the binarized counts. */
  alpha: number;
  /** Which sparse features get ratios: word features only, or words and character n-grams. */
  scope: 'words' | 'all';
  /** Heads that get ratios; every other head, and every dense row, keeps factor 1. */
  heads: readonly number[];
}

/** Factors per weight (row * headCount + head), 1 outside the scope. Deterministic. */
export function nbRatios(
  examples: readonly EncodedExample[],
  rowCount: number,
  headCount: number,
  denseCount: number,
  options: NbOptions,
): Float64Array {
  const scales = new Float64Array(rowCount * headCount).fill(1);
  const inScope = new Uint8Array(rowCount);
  for (const { rows, charRows } of examples) {
    for (const row of rows) inScope[row] = 1;
    if (options.scope === 'all' && charRows) for (const row of charRows) inScope[row] = 1;
  }
  // A character n-gram row can in principle coincide with a word row only through a hash collision.
  if (options.scope === 'words')
    for (const { charRows } of examples) if (charRows) for (const row of charRows) inScope[row] = 0;
  for (let row = 0; row < denseCount; row++) inScope[row] = 0;

  const positive = new Float64Array(rowCount);
  const negative = new Float64Array(rowCount);
  const seen = new Int32Array(rowCount).fill(-1);
  for (const head of options.heads) {
    positive.fill(0);
    negative.fill(0);
    examples.forEach(({ rows, charRows, targets }, index) => {
      const target = targets[head]!;
      if (Number.isNaN(target)) return;
      const counts = target === 1 ? positive : negative;
      const stamp = head * examples.length + index;
      const add = (row: number): void => {
        if (!inScope[row] || seen[row] === stamp) return;
        seen[row] = stamp;
        counts[row]! += 1;
      };
      for (const row of rows) add(row);
      if (charRows) for (const row of charRows) add(row);
    });
    let positiveTotal = 0;
    let negativeTotal = 0;
    for (let row = 0; row < rowCount; row++) {
      if (!inScope[row]) continue;
      positiveTotal += positive[row]! + options.alpha;
      negativeTotal += negative[row]! + options.alpha;
    }
    for (let row = 0; row < rowCount; row++) {
      if (!inScope[row]) continue;
      const p = (positive[row]! + options.alpha) / positiveTotal;
      const q = (negative[row]! + options.alpha) / negativeTotal;
      scales[row * headCount + head] = Math.log(p / q);
    }
  }
  return scales;
}

/**
 * Turns weights trained on scaled features into weights on raw features: w ← r ⊙ w, after the
 * NBSVM interpolation w ← (1−β)·mean|w| + β·w on the scaled rows (β = 1: none), per head.
 */
export function foldFeatureScales(
  weights: Float64Array,
  scales: Float64Array,
  headCount: number,
  options: { beta: number; heads: readonly number[] },
): void {
  const rowCount = weights.length / headCount;
  for (const head of options.heads) {
    if (options.beta === 1) break;
    let sum = 0;
    let count = 0;
    for (let row = 0; row < rowCount; row++) {
      const i = row * headCount + head;
      if (scales[i] === 1) continue;
      sum += Math.abs(weights[i]!);
      count++;
    }
    const mean = count > 0 ? sum / count : 0;
    for (let row = 0; row < rowCount; row++) {
      const i = row * headCount + head;
      if (scales[i] === 1) continue;
      weights[i] = (1 - options.beta) * mean + options.beta * weights[i]!;
    }
  }
  for (let i = 0; i < weights.length; i++) weights[i]! *= scales[i]!;
}
