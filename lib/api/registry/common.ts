// Schemas shared by several record types.
import { z } from 'zod';

export const emotionNames = ['joy', 'trust', 'fear', 'surprise', 'sadness', 'disgust', 'anger', 'anticipation'] as const;
export type EmotionName = (typeof emotionNames)[number];

const score = z.number().int().min(0).max(100);

/** The spec's Sentiment object; null when the analysis fails or the text carries no signal. */
export const sentimentSchema = z
  .object({
    emotions: z.object({
      joy: score, trust: score, fear: score, surprise: score,
      sadness: score, disgust: score, anger: score, anticipation: score,
    }),
    dominant_emotion: z.enum(emotionNames),
    emotional_intensity: z.number().min(0).max(10),
    polarity: z.enum(['positive', 'negative', 'neutral']),
  })
  .nullable();
export type Sentiment = z.infer<typeof sentimentSchema>;

/** The `sentiment` field on a record: present only when get_sentiment=true. */
export const sentimentField = sentimentSchema.optional();

/** Date-time text in the spec's UTC format "YYYY-MM-DD HH:MM:SS". */
export const utcDate = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** A Unix timestamp in seconds. */
export const unixTime = z.number().int();
