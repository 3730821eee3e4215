// From emotion logits to the API's 0-100 scores and the dominant emotion.
import { type EmotionName, emotionNames } from './schema';
import { emojiDenseOffset, type TextFeatures } from './features';
import { sigmoid } from './model';

/**
 * Logit added to an emotion for an emoji of the hand-written table that signals it. The corpora
 * hold too few emoji to learn them, so this is a prior set by hand: 1.5 turns a 0.2 probability
 * into about 0.5, enough for a clear emoji to count but not to outvote clear words.
 */
export const EMOJI_PRIOR_LOGIT = 1.5;

/** Probabilities of the eight emotions, emoji prior included. */
export function emotionProbabilities(logits: Float64Array, features: TextFeatures): Float64Array {
  const probabilities = new Float64Array(emotionNames.length);
  for (let e = 0; e < emotionNames.length; e++) {
    probabilities[e] = sigmoid(logits[e]! + EMOJI_PRIOR_LOGIT * features.dense[emojiDenseOffset + e]!);
  }
  return probabilities;
}

/**
 * Maps a probability onto 0-100 so that every emotion's tuned decision threshold lands on 50:
 * linear from 0 to the threshold, then linear from the threshold to 1. A score of 50 or more
 * therefore means "present" for every emotion alike, although rare emotions such as disgust
 * are detected at lower raw probabilities than common ones such as joy.
 */
export function thresholdScaledScore(probability: number, threshold: number): number {
  // Rounding must not carry a probability across the threshold: below it stays ≤ 49, at or above it ≥ 50.
  if (probability < threshold) return Math.max(0, Math.min(49, Math.round((50 * probability) / threshold)));
  return Math.max(50, Math.min(100, Math.round(50 + (50 * (probability - threshold)) / (1 - threshold))));
}

/**
 * The highest score wins; ties go to the emotion listed first in `emotionNames`
 * (joy, trust, fear, surprise, sadness, disgust, anger, anticipation), Plutchik's wheel order.
 */
export function dominantEmotion(scores: Readonly<Record<EmotionName, number>>): EmotionName {
  let best: EmotionName = emotionNames[0];
  for (const name of emotionNames) if (scores[name] > scores[best]) best = name;
  return best;
}
