// Emotional intensity on 0-10: how strongly the text feels, not which feeling it is.
import type { TextCues } from './tokenizer';

// Words that turn the volume up ("so good", "really angry"); VADER's boosters in spirit.
const INTENSIFIERS = new Set([
  'so',
  'very',
  'really',
  'extremely',
  'totally',
  'absolutely',
  'completely',
  'utterly',
  'incredibly',
  'super',
  'truly',
  'such',
  'too',
  'insanely',
  'hugely',
  'deeply',
  'highly',
  'seriously',
  'literally',
  'fucking',
  'freaking',
  'damn',
  'most',
  'ever',
  'soo',
  'sooo',
  'veryy',
  'reallyy',
  'omg',
]);

export interface IntensityInputs {
  /** Top emotion score divided by 100 (0.5 = at its detection threshold). */
  emotionStrength: number;
  /** Threshold-scaled probability of the winning polarity side, 0..1. */
  polarityStrength: number;
  cues: TextCues;
  tokens: readonly string[];
}

/**
 * intensity = 10 × (1 − e^(−1.6 × base × emphasis)), rounded to one decimal, where
 *   base     = 0.6 × emotionStrength + 0.4 × polarityStrength          (0..1)
 *   emphasis = 1 + 0.12 × min(exclamation marks, 3)
 *                + 0.35 × share of words in capitals (only when at least one word is a real word)
 *                + 0.10 × min(elongated words, 2)
 *                + 0.08 × min(intensifiers, 3)                          (1..2.1)
 * The saturating curve keeps the result below 10 and strictly grows with every cue, so
 * "SO GOOD!!!" always scores above "so good"; a clear emotion without emphasis lands near 7.
 */
export function emotionalIntensity({ emotionStrength, polarityStrength, cues, tokens }: IntensityInputs): number {
  let intensifiers = 0;
  for (const token of tokens) if (INTENSIFIERS.has(token)) intensifiers++;
  const shoutedShare = cues.letterWords > 0 ? cues.shoutedWords / cues.letterWords : 0;
  const base = 0.6 * clampUnit(emotionStrength) + 0.4 * clampUnit(polarityStrength);
  const emphasis =
    1 +
    0.12 * Math.min(cues.exclamations, 3) +
    0.35 * shoutedShare +
    0.1 * Math.min(cues.elongatedWords, 2) +
    0.08 * Math.min(intensifiers, 3);
  const intensity = 10 * (1 - Math.exp(-1.6 * base * emphasis));
  return Math.round(intensity * 10) / 10;
}

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.min(1, value)) : 0;
}
