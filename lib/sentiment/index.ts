// get_sentiment: emotion scores, dominant emotion, intensity and polarity for one text.
// The model loads once at module load; see lib/sentiment/README.md for what it is and how good it is.
import { readFileSync } from 'node:fs';
import type { Sentiment } from '../api/registry/common';
import { scoreText, toSentiment } from './analyze';
import { decodeMlp, type MlpFile } from './mlp';
import { decodeModel, type LinearModel, type ModelFile } from './model';

function loadShippedModel(): LinearModel | null {
  try {
    const file = JSON.parse(readFileSync(new URL('./model.json', import.meta.url), 'utf8')) as ModelFile;
    const model = decodeModel(file);
    // The thresholds in model.json were tuned on the blend with mlp.json: both files or neither.
    model.mlp = decodeMlp(JSON.parse(readFileSync(new URL('./mlp.json', import.meta.url), 'utf8')) as MlpFile);
    return model;
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
