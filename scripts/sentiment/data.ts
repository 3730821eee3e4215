// Loads the labelled corpora (data/sentiment, shipped with the repository) and splits XED deterministically.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmotionName } from '../../lib/sentiment/schema';
import { goEmotionsPolarity, goEmotionsToPlutchik, type Polarity, xedNumbers, xedPolarity } from './labels';

export type SplitName = 'train' | 'dev' | 'test';
export type CorpusName = 'goemotions' | 'xed';

export interface Example {
  text: string;
  emotions: EmotionName[];
  /** Null when the labels give no single polarity; such examples do not train or score polarity. */
  polarity: Polarity | null;
  corpus: CorpusName;
  /** GoEmotions only: the original fine labels, so dev experiments can try other mappings. */
  labels?: string[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function sentimentDataDir(): string {
  return process.env.SENTIMENT_DATA_DIR ?? path.resolve(repoRoot, 'data/sentiment');
}

export function hasSentimentData(): boolean {
  const dir = sentimentDataDir();
  return existsSync(path.join(dir, 'goemotions/test.tsv')) && existsSync(path.join(dir, 'xed/en-annotated.tsv'));
}

function readLines(relative: string): string[] {
  return readFileSync(path.join(sentimentDataDir(), relative), 'utf8')
    .split('\n')
    .filter((line) => line.trim());
}

function loadGoEmotions(split: SplitName): Example[] {
  const labelNames = readLines('goemotions/labels.txt').map((line) => line.trim());
  return readLines(`goemotions/${split}.tsv`).map((line) => {
    const [text = '', ids = ''] = line.split('\t');
    const labels = ids.split(',').map((id) => labelNames[Number(id)] ?? 'neutral');
    const emotions = new Set(labels.flatMap((label) => goEmotionsToPlutchik[label] ?? []));
    return { text, emotions: [...emotions], polarity: goEmotionsPolarity(labels), corpus: 'goemotions', labels };
  });
}

/** FNV-1a over UTF-16 code units: a stable hash, so a text always lands in the same XED split. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * XED comes as one pool; we hold out 10 % for test and 10 % for dev by hashing the text, so that
 * repeated lines never straddle two splits and the split never depends on file order.
 */
function xedSplitOf(text: string): SplitName {
  const bucket = stableHash(text.trim().toLowerCase()) % 10;
  return bucket === 0 ? 'test' : bucket === 1 ? 'dev' : 'train';
}

function loadXed(split: SplitName): Example[] {
  const annotated = readLines('xed/en-annotated.tsv').map((line): Example => {
    const [text = '', numbers = ''] = line.split('\t');
    const emotions = [
      ...new Set(
        numbers
          .split(',')
          .map((n) => xedNumbers[n.trim()])
          .filter((e) => e !== undefined),
      ),
    ];
    return { text, emotions, polarity: xedPolarity(emotions), corpus: 'xed' };
  });
  const neutral = readLines('xed/neu_en.txt').map((line): Example => {
    const text = line.split('\t')[1] ?? '';
    return { text, emotions: [], polarity: 'neutral', corpus: 'xed' };
  });
  return [...annotated, ...neutral].filter((example) => example.text.trim() && xedSplitOf(example.text) === split);
}

export function loadSplit(corpus: CorpusName, split: SplitName): Example[] {
  return corpus === 'goemotions' ? loadGoEmotions(split) : loadXed(split);
}

/**
 * XED's annotated lines are tokenized, with a space before punctuation ("Leave it !"); its neutral
 * lines are raw ("What?"). The spacing alone tells the two files apart, so the analyzer must not
 * read it (README, "XED's two files differ in format").
 */
const spacedPunctuation = / ([.,!?;:])/g;

/** A tokenized line back to ordinary writing: no space before . , ! ? ; : */
export function unspacePunctuation(text: string): string {
  return text.replace(spacedPunctuation, '$1');
}
