// How the two corpora's labels become the model's targets. These mappings are design decisions,
// documented in lib/sentiment/README.md; change them only together with that document.
import type { EmotionName } from '../../lib/sentiment/schema';

export type Polarity = 'positive' | 'negative' | 'neutral';

/**
 * GoEmotions' 27 emotions → Plutchik's eight (a label may feed two emotions, some feed none).
 * Where GoEmotions names one of Plutchik's dyads, the label feeds both of its emotions:
 * - love = joy + trust; optimism = anticipation + joy;
 * - remorse = sadness + disgust; shame (GoEmotions: embarrassment) = fear + disgust;
 * - disapproval → anger + disgust, Plutchik's contempt: in this corpus disapproval is condemnation
 *   and contradiction ("that's not how it works", "that's disgusting behaviour"), not Plutchik's
 *   surprise + sadness dyad of that name.
 * - gratitude = joy + trust: pleasure plus acceptance of the one thanked.
 * - Trust is acceptance and admiration (Plutchik's intense trust): admiration, approval, caring.
 * - Anticipation is interest and expectancy: desire, optimism.
 * - Surprise takes realization, confusion and curiosity, GoEmotions' own Ekman grouping
 *   (curiosity is the surprise + trust dyad on Plutchik's wheel).
 * - Sadness takes grief, disappointment and remorse; anger takes annoyance (Plutchik's mild anger).
 * - Amusement, excitement, pride and relief are pleasant states: joy.
 * - neutral → no emotion.
 * Chosen on dev (the experiment script, now in git history: lib/sentiment/README.md): XED dev macro-F1, which no mapping
 * changes, rose 0.343 → 0.357; see the README for every variant tried.
 */
export const goEmotionsToPlutchik: Record<string, readonly EmotionName[]> = {
  admiration: ['trust'],
  amusement: ['joy'],
  anger: ['anger'],
  annoyance: ['anger'],
  approval: ['trust'],
  caring: ['trust'],
  confusion: ['surprise'],
  curiosity: ['surprise'],
  desire: ['anticipation'],
  disappointment: ['sadness'],
  disapproval: ['anger', 'disgust'],
  disgust: ['disgust'],
  embarrassment: ['fear', 'disgust'],
  excitement: ['joy'],
  fear: ['fear'],
  gratitude: ['joy', 'trust'],
  grief: ['sadness'],
  joy: ['joy'],
  love: ['joy', 'trust'],
  nervousness: ['fear'],
  optimism: ['anticipation', 'joy'],
  pride: ['joy'],
  realization: ['surprise'],
  relief: ['joy'],
  remorse: ['sadness', 'disgust'],
  sadness: ['sadness'],
  surprise: ['surprise'],
  neutral: [],
};

/**
 * GoEmotions' polarity grouping, as published with the data set (Demszky et al. 2020,
 * `sentiment_mapping.json`): 12 positive, 11 negative, 4 ambiguous emotions and neutral.
 */
const positiveGoEmotions = new Set([
  'admiration',
  'amusement',
  'approval',
  'caring',
  'desire',
  'excitement',
  'gratitude',
  'joy',
  'love',
  'optimism',
  'pride',
  'relief',
]);
const negativeGoEmotions = new Set([
  'anger',
  'annoyance',
  'disappointment',
  'disapproval',
  'disgust',
  'embarrassment',
  'fear',
  'grief',
  'nervousness',
  'remorse',
  'sadness',
]);

/**
 * One polarity for a GoEmotions example, or null when its labels are ambiguous (confusion, curiosity,
 * realization, surprise) or mix positive and negative: such examples have no single right answer.
 */
export function goEmotionsPolarity(labels: readonly string[]): Polarity | null {
  if (labels.length === 1 && labels[0] === 'neutral') return 'neutral';
  const positive = labels.some((label) => positiveGoEmotions.has(label));
  const negative = labels.some((label) => negativeGoEmotions.has(label));
  const ambiguousOnly = !positive && !negative;
  if (ambiguousOnly || (positive && negative) || labels.includes('neutral')) return null;
  return positive ? 'positive' : 'negative';
}

/** XED's label numbers (README of the data folder): 1 anger … 8 trust. 9 marks neutral lines. */
export const xedNumbers: Record<string, EmotionName> = {
  '1': 'anger',
  '2': 'anticipation',
  '3': 'disgust',
  '4': 'fear',
  '5': 'joy',
  '6': 'sadness',
  '7': 'surprise',
  '8': 'trust',
};

/**
 * Polarity targets for XED training lines: joy and trust are pleasant, anger, disgust, fear and
 * sadness unpleasant; anticipation and surprise can go either way, so lines with only those
 * (or with both sides) teach the polarity heads nothing.
 */
export function xedPolarity(emotions: readonly EmotionName[]): Polarity | null {
  if (emotions.length === 0) return 'neutral';
  const positive = emotions.some((e) => e === 'joy' || e === 'trust');
  const negative = emotions.some((e) => e === 'anger' || e === 'disgust' || e === 'fear' || e === 'sadness');
  if (positive === negative) return null;
  return positive ? 'positive' : 'negative';
}
