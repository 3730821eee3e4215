// Dev-only: the dev splits as the blending experiments (mlp-experiment.ts, encoder-experiment.ts) read them.
import { extractFeatures, type TextFeatures } from '../../lib/sentiment/features';
import { headCount, type LinearModel, scoreLogits } from '../../lib/sentiment/model';
import { tokenize } from '../../lib/sentiment/tokenizer';
import { type Example, loadSplit } from './data';

export interface DevText {
  example: Example;
  /** Null when the text has nothing to read. */
  features: TextFeatures | null;
  /** The linear model's raw logits (zeros when the text has nothing to read). */
  linear: Float64Array;
}

/** GoEmotions dev and XED dev, each text with its features and a linear model's logits. */
export function devTexts(model: LinearModel): DevText[][] {
  return [loadSplit('goemotions', 'dev'), loadSplit('xed', 'dev')].map((examples) =>
    examples.map((example) => {
      const features = extractFeatures(tokenize(example.text), model.lexicon, model.featureOptions);
      const readable = features.contentTokens > 0;
      return { example, features: readable ? features : null, linear: readable ? scoreLogits(model, features) : new Float64Array(headCount) };
    }),
  );
}
