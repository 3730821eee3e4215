// Picks the decision thresholds from held-out predictions (never from test): train.ts collects them
// out of fold, each text scored by a model that did not train on it.
import { emotionNames } from '../../lib/sentiment/schema';
import { scoreText } from '../../lib/sentiment/analyze';
import type { LinearModel } from '../../lib/sentiment/model';
import { decidePolarity, type Polarity, type PolarityProbabilities } from '../../lib/sentiment/polarity';
import type { Example } from './data';
import { binaryF1, macroRecall } from './metrics';

const EMOTION_GRID = Array.from({ length: 90 }, (_, i) => 0.05 + i * 0.01);
const POLARITY_GRID = Array.from({ length: 41 }, (_, i) => 0.1 + i * 0.02);

/** One model's probabilities for a set of texts, with their gold labels. */
export interface ScoredTexts {
  /** Per emotion, each text's probability (0 when the text has nothing to read). */
  emotions: Float64Array[];
  emotionGold: boolean[][];
  /** Per text, the polarity detectors' probabilities (null when the text has nothing to read). */
  polarity: Array<PolarityProbabilities | null>;
  polarityGold: Array<Polarity | null>;
}

export function scoreTexts(model: LinearModel, examples: readonly Example[]): ScoredTexts {
  const emotions = emotionNames.map(() => new Float64Array(examples.length));
  const polarity: Array<PolarityProbabilities | null> = [];
  examples.forEach((example, i) => {
    const scores = scoreText(model, example.text);
    emotionNames.forEach((_, e) => {
      emotions[e]![i] = scores ? scores.emotions[e]! : 0;
    });
    polarity.push(scores ? scores.polarity : null);
  });
  return {
    emotions,
    emotionGold: emotionNames.map((name) => examples.map((example) => example.emotions.includes(name))),
    polarity,
    polarityGold: examples.map((example) => example.polarity),
  };
}

/** Joins the scores of disjoint parts of one corpus (the folds), in order. */
export function concatScores(parts: readonly ScoredTexts[]): ScoredTexts {
  return {
    emotions: emotionNames.map((_, e) => Float64Array.from(parts.flatMap((part) => [...part.emotions[e]!]))),
    emotionGold: emotionNames.map((_, e) => parts.flatMap((part) => part.emotionGold[e]!)),
    polarity: parts.flatMap((part) => part.polarity),
    polarityGold: parts.flatMap((part) => part.polarityGold),
  };
}

/**
 * Per emotion, the threshold maximising the mean of its F1 on each corpus, so the larger Reddit
 * corpus does not drown out the subtitle one.
 */
export function tuneEmotionThresholds(corpora: readonly ScoredTexts[]): number[] {
  return emotionNames.map((_, e) => {
    let best = { threshold: 0.5, f1: -1 };
    for (const threshold of EMOTION_GRID) {
      const f1 = corpora.reduce(
        (sum, corpus) => sum + binaryF1(corpus.emotions[e]!, corpus.emotionGold[e]!, threshold),
        0,
      );
      if (f1 > best.f1) best = { threshold, f1 };
    }
    return Math.round(best.threshold * 100) / 100;
  });
}

/** The pair of polarity thresholds maximising macro-recall over the texts that have one polarity. */
export function tunePolarityThresholds(scored: ScoredTexts): { positive: number; negative: number } {
  const labelled = scored.polarityGold.flatMap((gold, i) => (gold === null ? [] : [{ gold, p: scored.polarity[i]! }]));
  const gold = labelled.map(({ gold }) => gold);
  let best = { positive: 0.5, negative: 0.5, recall: -1 };
  for (const positive of POLARITY_GRID) {
    for (const negative of POLARITY_GRID) {
      const predicted = labelled.map(({ p }): Polarity => (p ? decidePolarity(p, { positive, negative }) : 'neutral'));
      const recall = macroRecall(gold, predicted);
      if (recall > best.recall) best = { positive, negative, recall };
    }
  }
  return { positive: Math.round(best.positive * 100) / 100, negative: Math.round(best.negative * 100) / 100 };
}
