// The spec's Sentiment object and its emotion names: the model's own types, which the API's
// record schemas (lib/api/registry) reuse. Kept here so lib/sentiment imports nothing above it.
import { z } from 'zod';

export const emotionNames = [
  'joy',
  'trust',
  'fear',
  'surprise',
  'sadness',
  'disgust',
  'anger',
  'anticipation',
] as const;
export type EmotionName = (typeof emotionNames)[number];

const score = z.number().int().min(0).max(100);

/** The spec's Sentiment object; null when the analysis fails or the text carries no signal. */
export const sentimentSchema = z
  .object({
    emotions: z.object({
      joy: score,
      trust: score,
      fear: score,
      surprise: score,
      sadness: score,
      disgust: score,
      anger: score,
      anticipation: score,
    }),
    dominant_emotion: z.enum(emotionNames),
    emotional_intensity: z.number().min(0).max(10),
    polarity: z.enum(['positive', 'negative', 'neutral']),
  })
  .nullable();
export type Sentiment = z.infer<typeof sentimentSchema>;
