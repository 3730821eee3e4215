// One-vs-rest logistic regression trained with AdaGrad: one sparse pass per example updates every head.
// Deterministic: a seeded shuffle and a fixed example order give identical weights on every run.

export interface EncodedExample {
  /** Weight-matrix rows of the sparse features present (each with value 1). */
  rows: Int32Array;
  /** Rows of character n-gram features, one per occurrence, each with value `charValue`. */
  charRows?: Int32Array;
  /** Dense feature values, occupying rows 0..dense.length-1. */
  dense: Float64Array;
  /** Per head: 1, 0, or NaN when this example says nothing about that head. */
  targets: Float64Array;
  /** Loss weight of the whole example (1 when absent). */
  weight?: number;
}

export interface TrainingOptions {
  rowCount: number;
  headCount: number;
  epochs: number;
  learningRate: number;
  /** L2 penalty, applied lazily to the rows an example touches. */
  l2: number;
  seed: number;
  /** Per head: loss weight of a positive target (class balancing); 1 when absent. */
  positiveWeights?: readonly number[];
  /** Value of one character n-gram occurrence (their weights are scaled by it when exported). */
  charValue?: number;
  /** Average the weights over the last this-many epochs (1 = keep the final weights). */
  averageEpochs?: number;
  /**
   * Per weight (row * headCount + head): a fixed factor on the feature's value for that head, e.g.
   * NB-SVM log-count ratios (nb.ts). The returned weights are on the scaled features; fold the factors
   * in (`foldFeatureScales`) before using them on raw features. Absent: every factor is 1.
   */
  featureScales?: Float64Array;
}

export interface TrainedWeights {
  weights: Float64Array;
  bias: Float64Array;
}

/** mulberry32: tiny, seedable, and identical on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One AdaGrad step on `weights[index]`: the rate shrinks with the squared gradients it has seen. */
export function adagradStep(
  weights: Float64Array,
  squaredGradients: Float64Array,
  index: number,
  gradient: number,
  rate: number,
): void {
  squaredGradients[index]! += gradient * gradient;
  weights[index]! -= (rate * gradient) / Math.sqrt(squaredGradients[index]!);
}

/** Fisher-Yates with the seeded generator: the same seed gives the same order. */
export function shuffleInPlace(order: Int32Array | number[], random: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
}

function shuffledOrder(length: number, random: () => number): Int32Array {
  const order = Int32Array.from({ length }, (_, i) => i);
  shuffleInPlace(order, random);
  return order;
}

export function trainLogistic(examples: readonly EncodedExample[], options: TrainingOptions): TrainedWeights {
  const { rowCount, headCount, learningRate, l2 } = options;
  const weights = new Float64Array(rowCount * headCount);
  const squaredGradients = new Float64Array(rowCount * headCount).fill(1e-8);
  const bias = new Float64Array(headCount);
  const biasSquaredGradients = new Float64Array(headCount).fill(1e-8);
  const logits = new Float64Array(headCount);
  const errors = new Float64Array(headCount);
  const random = seededRandom(options.seed);

  const scales = options.featureScales ?? new Float64Array(rowCount * headCount).fill(1);
  if (scales.length !== rowCount * headCount) throw new Error('featureScales has the wrong size');
  const step = (index: number, gradient: number): void =>
    adagradStep(weights, squaredGradients, index, gradient + l2 * weights[index]!, learningRate);

  const charValue = options.charValue ?? 1;
  const emptyRows = new Int32Array(0);
  const positiveWeights = Float64Array.from({ length: headCount }, (_, h) => options.positiveWeights?.[h] ?? 1);
  const averageEpochs = Math.max(1, Math.min(options.averageEpochs ?? 1, options.epochs));
  const weightSum = new Float64Array(averageEpochs > 1 ? weights.length : 0);
  const biasSum = new Float64Array(headCount);

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (const exampleIndex of shuffledOrder(examples.length, random)) {
      const { rows, dense, targets } = examples[exampleIndex]!;
      const charRows = examples[exampleIndex]!.charRows ?? emptyRows;
      const exampleWeight = examples[exampleIndex]!.weight ?? 1;
      logits.set(bias);
      for (let d = 0; d < dense.length; d++) {
        const value = dense[d]!;
        if (value !== 0)
          for (let h = 0; h < headCount; h++)
            logits[h]! += value * scales[d * headCount + h]! * weights[d * headCount + h]!;
      }
      for (const row of rows)
        for (let h = 0; h < headCount; h++) logits[h]! += scales[row * headCount + h]! * weights[row * headCount + h]!;
      for (const row of charRows) {
        for (let h = 0; h < headCount; h++)
          logits[h]! += charValue * scales[row * headCount + h]! * weights[row * headCount + h]!;
      }
      for (let h = 0; h < headCount; h++) {
        const target = targets[h]!;
        errors[h] = Number.isNaN(target)
          ? 0
          : (1 / (1 + Math.exp(-logits[h]!)) - target) * exampleWeight * (target === 1 ? positiveWeights[h]! : 1);
        if (errors[h] === 0) continue;
        adagradStep(bias, biasSquaredGradients, h, errors[h]!, learningRate);
      }
      for (let d = 0; d < dense.length; d++) {
        const value = dense[d]!;
        if (value === 0) continue;
        for (let h = 0; h < headCount; h++)
          if (errors[h] !== 0) step(d * headCount + h, errors[h]! * value * scales[d * headCount + h]!);
      }
      for (const row of rows)
        for (let h = 0; h < headCount; h++)
          if (errors[h] !== 0) step(row * headCount + h, errors[h]! * scales[row * headCount + h]!);
      for (const row of charRows) {
        for (let h = 0; h < headCount; h++)
          if (errors[h] !== 0) step(row * headCount + h, charValue * errors[h]! * scales[row * headCount + h]!);
      }
    }
    if (averageEpochs > 1 && epoch >= options.epochs - averageEpochs) {
      for (let i = 0; i < weights.length; i++) weightSum[i]! += weights[i]!;
      for (let h = 0; h < headCount; h++) biasSum[h]! += bias[h]!;
    }
  }
  if (averageEpochs > 1) {
    for (let i = 0; i < weights.length; i++) weights[i] = weightSum[i]! / averageEpochs;
    for (let h = 0; h < headCount; h++) bias[h] = biasSum[h]! / averageEpochs;
  }
  return { weights, bias };
}
