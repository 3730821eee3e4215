// Polarity from the model's two detector heads (positive, negative) plus the emoji prior.
import { EMOJI_PRIOR_LOGIT } from './emotions';
import type { TextFeatures } from './features';
import { negativeHead, positiveHead, sigmoid } from './model';

export type Polarity = 'positive' | 'negative' | 'neutral';

export interface PolarityProbabilities {
  positive: number;
  negative: number;
}

export interface PolarityThresholds {
  positive: number;
  negative: number;
}

export function polarityProbabilities(logits: Float64Array, features: TextFeatures): PolarityProbabilities {
  const { emojiValence } = features;
  return {
    positive: sigmoid(logits[positiveHead]! + EMOJI_PRIOR_LOGIT * Math.max(0, emojiValence)),
    negative: sigmoid(logits[negativeHead]! + EMOJI_PRIOR_LOGIT * Math.max(0, -emojiValence)),
  };
}

/**
 * Two independent detectors rather than one three-way choice, because mixed texts exist:
 * a side counts when its probability passes its tuned threshold; when both pass, the one
 * further above its threshold (relative to it) wins; when neither does, the text is neutral.
 */
export function decidePolarity(probabilities: PolarityProbabilities, thresholds: PolarityThresholds): Polarity {
  const positiveRatio = probabilities.positive / thresholds.positive;
  const negativeRatio = probabilities.negative / thresholds.negative;
  if (positiveRatio < 1 && negativeRatio < 1) return 'neutral';
  return positiveRatio >= negativeRatio ? 'positive' : 'negative';
}
