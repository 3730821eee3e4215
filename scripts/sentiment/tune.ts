// Picks the decision thresholds on the dev splits only (never on test).
import { emotionNames } from '../../lib/api/registry/common';
import { scoreText } from '../../lib/sentiment/analyze';
import type { LinearModel } from '../../lib/sentiment/model';
import { decidePolarity, type Polarity } from '../../lib/sentiment/polarity';
import type { Example } from './data';
import { binaryF1, macroRecall } from './metrics';

const EMOTION_GRID = Array.from({ length: 90 }, (_, i) => 0.05 + i * 0.01);
const POLARITY_GRID = Array.from({ length: 41 }, (_, i) => 0.1 + i * 0.02);

interface ScoredCorpus {
  /** Per emotion, each example's probability (0 when the text has nothing to read). */
  probabilities: Float64Array[];
  gold: boolean[][];
}

function scoreCorpus(model: LinearModel, examples: readonly Example[]): ScoredCorpus {
  const probabilities = emotionNames.map(() => new Float64Array(examples.length));
  examples.forEach((example, i) => {
    const scores = scoreText(model, example.text);
    emotionNames.forEach((_, e) => {
      probabilities[e]![i] = scores ? scores.emotions[e]! : 0;
    });
  });
  const gold = emotionNames.map((name) => examples.map((example) => example.emotions.includes(name)));
  return { probabilities, gold };
}

/**
 * Per emotion, the threshold maximising the mean of its F1 on each dev corpus, so the
 * larger Reddit dev set does not drown out the subtitle one.
 */
export function tuneEmotionThresholds(model: LinearModel, devCorpora: ReadonlyArray<readonly Example[]>): number[] {
  const scored = devCorpora.map((examples) => scoreCorpus(model, examples));
  return emotionNames.map((_, e) => {
    let best = { threshold: 0.5, f1: -1 };
    for (const threshold of EMOTION_GRID) {
      const f1 = scored.reduce((sum, corpus) => sum + binaryF1(corpus.probabilities[e]!, corpus.gold[e]!, threshold), 0);
      if (f1 > best.f1) best = { threshold, f1 };
    }
    return Math.round(best.threshold * 100) / 100;
  });
}

/** The pair of polarity thresholds maximising macro-recall over the dev examples that have one polarity. */
export function tunePolarityThresholds(model: LinearModel, dev: readonly Example[]): { positive: number; negative: number } {
  const labelled = dev.filter((example) => example.polarity !== null);
  const gold = labelled.map((example) => example.polarity as Polarity);
  const probabilities = labelled.map((example) => scoreText(model, example.text)?.polarity ?? null);
  let best = { positive: 0.5, negative: 0.5, recall: -1 };
  for (const positive of POLARITY_GRID) {
    for (const negative of POLARITY_GRID) {
      const predicted = probabilities.map((p): Polarity => (p ? decidePolarity(p, { positive, negative }) : 'neutral'));
      const recall = macroRecall(gold, predicted);
      if (recall > best.recall) best = { positive, negative, recall };
    }
  }
  return { positive: Math.round(best.positive * 100) / 100, negative: Math.round(best.negative * 100) / 100 };
}
