import { describe, expect, it } from 'vitest';
import { emotionNames, sentimentSchema } from '@/lib/sentiment/schema';
import { dominantEmotion } from '@/lib/sentiment/emotions';
import { analyzeSentiment } from '@/lib/sentiment/index';

function analyzed(text: string) {
  const sentiment = analyzeSentiment(text);
  if (!sentiment) throw new Error(`expected an analysis for ${JSON.stringify(text)}`);
  return sentiment;
}

describe('analyzeSentiment', () => {
  it('reads plain joy as joy-dominant and positive', () => {
    const sentiment = analyzed('I am so happy today, this is wonderful');
    expect(sentiment.dominant_emotion).toBe('joy');
    expect(sentiment.polarity).toBe('positive');
  });

  it('flips a negated emotion: "not happy" is neither positive nor joy-dominant', () => {
    const plain = analyzed('I am happy');
    const negated = analyzed('I am not happy');
    expect(plain.polarity).toBe('positive');
    expect(negated.polarity).not.toBe('positive');
    expect(negated.dominant_emotion).not.toBe('joy');
    expect(negated.emotions.joy).toBeLessThan(plain.emotions.joy - 20);
  });

  it('reads emoji: "I love this 😍" is joy', () => {
    const sentiment = analyzed('I love this 😍');
    expect(sentiment.dominant_emotion).toBe('joy');
    expect(sentiment.emotions.joy).toBeGreaterThanOrEqual(90);
  });

  it('keeps emoji signal in text it cannot read', () => {
    const withEmoji = analyzed('Das ist so schlimm 😭😭');
    const without = analyzed('Das ist so schlimm');
    expect(withEmoji.emotions.sadness).toBeGreaterThan(without.emotions.sadness);
    expect(withEmoji.polarity).toBe('negative');
  });

  it('reads anger and fear', () => {
    expect(analyzed('I am furious, this makes me so angry').dominant_emotion).toBe('anger');
    expect(analyzed('I am terrified and scared of what comes next').dominant_emotion).toBe('fear');
  });

  it('gives "SO GOOD!!!" more intensity than "so good"', () => {
    expect(analyzed('SO GOOD!!!').emotional_intensity).toBeGreaterThan(analyzed('so good').emotional_intensity);
  });

  it('returns null for empty, whitespace-only or link-only text', () => {
    for (const text of ['', '   ', '\n\t', 'https://example.com/x @someone']) expect(analyzeSentiment(text)).toBeNull();
  });

  it('never throws on odd input', () => {
    expect(analyzeSentiment(undefined as unknown as string)).toBeNull();
    expect(() => analyzeSentiment('x'.repeat(100_000))).not.toThrow();
  });

  it('answers integer scores 0-100 that validate against the spec schema', () => {
    for (const text of ['meh', 'What?! No way!!', 'I miss you so much', 'Thanks, you are the best 🙏', '¿Qué pasa?']) {
      const sentiment = analyzed(text);
      expect(sentimentSchema.parse(sentiment)).toEqual(sentiment);
      for (const name of emotionNames) {
        expect(Number.isInteger(sentiment.emotions[name])).toBe(true);
        expect(sentiment.emotions[name]).toBeGreaterThanOrEqual(0);
        expect(sentiment.emotions[name]).toBeLessThanOrEqual(100);
      }
      expect(sentiment.emotional_intensity).toBeGreaterThanOrEqual(0);
      expect(sentiment.emotional_intensity).toBeLessThanOrEqual(10);
    }
  });

  it('names as dominant an emotion with the highest score', () => {
    for (const text of [
      'I love this 😍',
      'This is disgusting',
      'Wow, I did not expect that!',
      'I cannot wait for tomorrow',
    ]) {
      const sentiment = analyzed(text);
      const top = Math.max(...emotionNames.map((name) => sentiment.emotions[name]));
      expect(sentiment.emotions[sentiment.dominant_emotion]).toBe(top);
    }
  });

  it('is deterministic', () => {
    expect(analyzeSentiment('What a lovely surprise!')).toEqual(analyzeSentiment('What a lovely surprise!'));
  });
});

describe('dominantEmotion tie order', () => {
  it('breaks ties in the documented order joy, trust, fear, surprise, sadness, disgust, anger, anticipation', () => {
    const flat = { joy: 10, trust: 10, fear: 10, surprise: 10, sadness: 10, disgust: 10, anger: 10, anticipation: 10 };
    expect(dominantEmotion(flat)).toBe('joy');
    expect(dominantEmotion({ ...flat, joy: 0 })).toBe('trust');
    expect(dominantEmotion({ ...flat, joy: 0, trust: 0, fear: 0, surprise: 0, sadness: 0, disgust: 0 })).toBe('anger');
    expect(dominantEmotion({ ...flat, anticipation: 11 })).toBe('anticipation');
  });
});
