// Turns labelled examples into the trainer's sparse rows, with a vocabulary fixed from training data.
import { emotionNames } from '../../lib/sentiment/schema';
import { denseFeatureCount, extractFeatures, type FeatureOptions } from '../../lib/sentiment/features';
import { pushCharNgramKeys } from '../../lib/sentiment/feature-hash';
import { headCount, negativeHead, positiveHead } from '../../lib/sentiment/model';
import { tokenize } from '../../lib/sentiment/tokenizer';
import type { Example } from './data';
import type { EncodedExample } from './logistic';

export interface FeaturizedExample {
  example: Example;
  keys: number[];
  /** Character n-gram keys, one per occurrence. */
  charKeys: number[];
  dense: Float64Array;
}

export function featurize(
  examples: readonly Example[],
  lexicon: ReadonlyMap<string, number>,
  options?: FeatureOptions,
): FeaturizedExample[] {
  return examples.map((example) => {
    const { keys, charWords, dense } = extractFeatures(tokenize(example.text), lexicon, options);
    const charKeys: number[] = [];
    for (const word of charWords) pushCharNgramKeys(word, options!.charMin, options!.charMax, charKeys);
    return { example, keys: [...keys], charKeys, dense };
  });
}

/**
 * Keys seen in at least `minimumDocuments` training texts, sorted numerically so the
 * vocabulary (and so the weights file) never depends on Map insertion order.
 */
export function buildVocabulary(featurized: readonly FeaturizedExample[], minimumDocuments: number): number[] {
  const documentCounts = new Map<number, number>();
  for (const { keys, charKeys } of featurized) {
    for (const key of new Set([...keys, ...charKeys])) documentCounts.set(key, (documentCounts.get(key) ?? 0) + 1);
  }
  const kept = [...documentCounts].filter(([, count]) => count >= minimumDocuments).map(([key]) => key);
  return kept.sort((a, b) => a - b);
}

function targetsOf(example: Example): Float64Array {
  const targets = new Float64Array(headCount);
  emotionNames.forEach((name, index) => {
    targets[index] = example.emotions.includes(name) ? 1 : 0;
  });
  targets[positiveHead] = example.polarity === null ? Number.NaN : example.polarity === 'positive' ? 1 : 0;
  targets[negativeHead] = example.polarity === null ? Number.NaN : example.polarity === 'negative' ? 1 : 0;
  return targets;
}

export function encode(featurized: readonly FeaturizedExample[], vocabulary: readonly number[]): EncodedExample[] {
  const rowOf = new Map(vocabulary.map((key, index) => [key, denseFeatureCount + index]));
  return featurized.map(({ example, keys, charKeys, dense }) => {
    const rows = keys.map((key) => rowOf.get(key)).filter((row) => row !== undefined);
    const charRows = charKeys.map((key) => rowOf.get(key)).filter((row) => row !== undefined);
    return { rows: Int32Array.from(rows), charRows: Int32Array.from(charRows), dense, targets: targetsOf(example) };
  });
}
