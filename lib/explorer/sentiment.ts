// The emotion view's numbers: each record's text and sentiment (from the list the registry names
// as the endpoint's sentiment target), and their spread over the records.
import { emotionNames, sentimentSchema, type Sentiment } from '@/lib/sentiment/schema';

export type EmotionName = (typeof emotionNames)[number];
export type Polarity = NonNullable<Sentiment>['polarity'];
export const polarities: readonly Polarity[] = ['positive', 'neutral', 'negative'];
export { emotionNames };

export interface SentimentRecord {
  text: string;
  sentiment: Sentiment;
}

export interface SentimentSummary {
  records: number;
  /** Records whose analysis found no signal (sentiment null). */
  withoutSignal: number;
  dominant: Record<EmotionName, number>;
  polarity: Record<Polarity, number>;
}

export function sentimentRecords(body: unknown, target: { list: string; text: string } | null): SentimentRecord[] {
  if (!target || !body || typeof body !== 'object') return [];
  const list = (body as Record<string, unknown>)[target.list];
  if (!Array.isArray(list)) return [];
  const records: SentimentRecord[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object' || !('sentiment' in item)) continue;
    const parsed = sentimentSchema.safeParse((item as Record<string, unknown>).sentiment);
    if (!parsed.success) continue;
    const text = (item as Record<string, unknown>)[target.text];
    records.push({ text: typeof text === 'string' ? text : '', sentiment: parsed.data });
  }
  return records;
}

export function summarizeSentiment(records: readonly SentimentRecord[]): SentimentSummary {
  const dominant = Object.fromEntries(emotionNames.map((e) => [e, 0])) as Record<EmotionName, number>;
  const polarity = { positive: 0, neutral: 0, negative: 0 } as Record<Polarity, number>;
  let withoutSignal = 0;
  for (const { sentiment } of records) {
    if (!sentiment) {
      withoutSignal += 1;
      continue;
    }
    dominant[sentiment.dominant_emotion] += 1;
    polarity[sentiment.polarity] += 1;
  }
  return { records: records.length, withoutSignal, dominant, polarity };
}

/** A share of a total as a whole percentage, 0 for an empty total. */
export function percent(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}
