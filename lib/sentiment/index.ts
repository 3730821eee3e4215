// get_sentiment: emotion scores, dominant emotion, intensity and polarity for one text.
// The model loads once at module load; see lib/sentiment/README.md for what it is and how good it is.
import type { Sentiment } from './schema';
import { scoreText, toSentiment } from './analyze';
import type { LinearModel } from './model';
import { readShippedModel } from './shipped';

function loadShippedModel(): LinearModel | null {
  try {
    return readShippedModel();
  } catch (error) {
    // Without weights every answer is null; say so once instead of failing every request.
    console.error('sentiment: model could not be loaded; get_sentiment will answer null', error);
    return null;
  }
}

const shippedModel = loadShippedModel();

/**
 * The `sentiment` object for a text, or null when the text has nothing to read (empty, only
 * whitespace, punctuation, links or mentions) or the analysis failed. Synchronous, pure, never throws.
 */
export function analyzeSentiment(text: string): Sentiment | null {
  try {
    if (!shippedModel || typeof text !== 'string') return null;
    const scores = scoreText(shippedModel, text);
    return scores ? toSentiment(shippedModel, scores) : null;
  } catch {
    return null;
  }
}
