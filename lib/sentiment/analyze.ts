// The analysis pipeline over a decoded model: text → features → head probabilities → Sentiment.
import { type EmotionName, emotionNames, type Sentiment } from './schema';
import { dominantEmotion, emotionProbabilities, thresholdScaledScore } from './emotions';
import { extractFeatures, type TextFeatures } from './features';
import { emotionalIntensity } from './intensity';
import { blendMlp } from './mlp';
import { type LinearModel, negativeHead, positiveHead, scoreLogits } from './model';
import { decidePolarity, type PolarityProbabilities, polarityProbabilities } from './polarity';
import { type TokenizedText, tokenize } from './tokenizer';

/**
 * Captions past this length are analysed on their opening only: the tone is set early, and the
 * cost per record must stay bounded because the analysis runs on every record of every page.
 */
const MAX_ANALYSED_CHARS = 4000;

export interface TextScores {
  tokenized: TokenizedText;
  features: TextFeatures;
  /** Probability per emotion, in `emotionNames` order. */
  emotions: Float64Array;
  polarity: PolarityProbabilities;
}

/** Head probabilities for a text, or null when it holds no word, emoticon or emoji to read. */
export function scoreText(model: LinearModel, text: string): TextScores | null {
  const tokenized = tokenize(text.length > MAX_ANALYSED_CHARS ? text.slice(0, MAX_ANALYSED_CHARS) : text);
  const features = extractFeatures(tokenized, model.lexicon, model.featureOptions);
  if (features.contentTokens === 0) return null;
  const logits = scoreLogits(model, features);
  if (model.mlp) blendMlp(model.mlp, features, logits);
  return {
    tokenized,
    features,
    emotions: emotionProbabilities(logits, features),
    polarity: polarityProbabilities(logits, features),
  };
}

export function toSentiment(model: LinearModel, scores: TextScores): NonNullable<Sentiment> {
  const emotions = {} as Record<EmotionName, number>;
  emotionNames.forEach((name, index) => {
    emotions[name] = thresholdScaledScore(scores.emotions[index]!, model.thresholds[index]!);
  });
  const dominant = dominantEmotion(emotions);
  const thresholds = { positive: model.thresholds[positiveHead]!, negative: model.thresholds[negativeHead]! };
  const polarity = decidePolarity(scores.polarity, thresholds);
  const polarityStrength =
    polarity === 'neutral' ? 0 : thresholdScaledScore(scores.polarity[polarity], thresholds[polarity]) / 100;
  return {
    emotions,
    dominant_emotion: dominant,
    emotional_intensity: emotionalIntensity({
      emotionStrength: emotions[dominant] / 100,
      polarityStrength,
      cues: scores.tokenized.cues,
      tokens: scores.tokenized.tokens,
    }),
    polarity,
  };
}
