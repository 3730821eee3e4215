// Negation, pinned by behaviour rather than only by the weights-rebuild test (whose advice to
// retrain would bake a bug into the weights): a negator turns a word's valence around and
// shrinks it, and its scope ends at the clause's punctuation.
import { describe, expect, it } from 'vitest';

import { negatedKey, hashToken, unigramKey } from '../feature-hash';
import { extractFeatures } from '../features';
import { tokenize } from '../tokenizer';

const lexicon = new Map([
  ['good', 1.9],
  ['great', 3.1],
  ['bad', -2.5],
]);
const features = (text: string) => extractFeatures(tokenize(text), lexicon);
const [POSITIVE, NEGATIVE] = [0, 1];

describe('negation', () => {
  it('makes "not bad" lean positive, and milder than "good"', () => {
    const notBad = features('not bad').dense;
    expect(notBad[POSITIVE]).toBeGreaterThan(0);
    expect(notBad[NEGATIVE]).toBe(0);
    expect(notBad[POSITIVE]).toBeLessThan(features('bad good').dense[POSITIVE]!);
    const notGood = features('not good').dense;
    expect(notGood[NEGATIVE]).toBeGreaterThan(0);
    expect(notGood[POSITIVE]).toBe(0);
  });

  it('ends its scope at the period: in "not good. Great!" only "good" is negated', () => {
    const { keys, dense } = features('not good. Great!');
    expect(keys).toContain(negatedKey(hashToken('good')));
    expect(keys).toContain(unigramKey(hashToken('great')));
    expect(keys).not.toContain(negatedKey(hashToken('great')));
    // "Great" keeps its whole valence on the positive side.
    expect(dense[POSITIVE]).toBeCloseTo(Math.log1p(3.1 / 4), 10);
  });

  it('reaches the next few words when no punctuation intervenes', () => {
    const { keys } = features('not really that good');
    expect(keys).toContain(negatedKey(hashToken('good')));
  });
});
