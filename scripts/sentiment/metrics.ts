// Scoring helpers: multi-label F1 for the eight emotions and macro-recall for polarity.

export interface F1Report {
  macro: number;
  micro: number;
  perClass: number[];
}

interface Counts {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

function f1Of({ truePositive, falsePositive, falseNegative }: Counts): number {
  const denominator = 2 * truePositive + falsePositive + falseNegative;
  return denominator === 0 ? 0 : (2 * truePositive) / denominator;
}

/** gold[i][c] and predicted[i][c] say whether example i carries class c. */
export function multiLabelF1(
  gold: readonly boolean[][],
  predicted: readonly boolean[][],
  classCount: number,
): F1Report {
  const counts: Counts[] = Array.from({ length: classCount }, () => ({
    truePositive: 0,
    falsePositive: 0,
    falseNegative: 0,
  }));
  gold.forEach((goldRow, i) => {
    const predictedRow = predicted[i]!;
    for (let c = 0; c < classCount; c++) {
      const g = goldRow[c]!;
      const p = predictedRow[c]!;
      if (g && p) counts[c]!.truePositive++;
      else if (p) counts[c]!.falsePositive++;
      else if (g) counts[c]!.falseNegative++;
    }
  });
  const perClass = counts.map(f1Of);
  const pooled = counts.reduce(
    (sum, c) => ({
      truePositive: sum.truePositive + c.truePositive,
      falsePositive: sum.falsePositive + c.falsePositive,
      falseNegative: sum.falseNegative + c.falseNegative,
    }),
    { truePositive: 0, falsePositive: 0, falseNegative: 0 },
  );
  return { macro: perClass.reduce((a, b) => a + b, 0) / classCount, micro: f1Of(pooled), perClass };
}

/** F1 of one class from its scores and gold flags at a given threshold. */
export function binaryF1(scores: Float64Array, gold: readonly boolean[], threshold: number): number {
  const counts: Counts = { truePositive: 0, falsePositive: 0, falseNegative: 0 };
  for (let i = 0; i < scores.length; i++) {
    const p = scores[i]! >= threshold;
    if (gold[i] && p) counts.truePositive++;
    else if (p) counts.falsePositive++;
    else if (gold[i]) counts.falseNegative++;
  }
  return f1Of(counts);
}

/** Mean over the gold classes of the share of that class's examples predicted correctly. */
export function macroRecall<T extends string>(gold: readonly T[], predicted: readonly T[]): number {
  const hits = new Map<T, { correct: number; total: number }>();
  gold.forEach((label, i) => {
    const entry = hits.get(label) ?? { correct: 0, total: 0 };
    entry.total++;
    if (predicted[i] === label) entry.correct++;
    hits.set(label, entry);
  });
  const recalls = [...hits.values()].map(({ correct, total }) => correct / total);
  return recalls.reduce((a, b) => a + b, 0) / recalls.length;
}
