// Dev only: what XED's file format alone would be worth on its held-out figure (README, "XED's two files").
// npx tsx scripts/sentiment/format-leak.ts
// The annotated lines are tokenized ("Leave it !"), the neutral lines raw ("What?"). This scores the
// shipped analyzer as is, and as if it called every line without a space before punctuation neutral:
// a rule that only the file format supports, and that the analyzer is tested not to follow.
import { analyzeSentiment } from '../../lib/sentiment/index';
import { loadSplit, unspacePunctuation } from './data';
import { emotionF1 } from './evaluate';

/** A line that has a space before punctuation, as only XED's annotated file writes it. */
const isSpaced = (text: string): boolean => unspacePunctuation(text) !== text;
const test = loadSplit('xed', 'test');
const raw = test.filter((example) => !isSpaced(example.text));
const format = (value: number): string => value.toFixed(4);

console.log(`XED held-out test: ${test.length} lines, ${raw.length} without a space before punctuation`);
console.log(`  of which neutral: ${raw.filter((example) => example.emotions.length === 0).length}`);
console.log(`  macro-F1, the analyzer as shipped:                  ${format(emotionF1(analyzeSentiment, test).macro)}`);
const formatReading = (text: string) => (isSpaced(text) ? analyzeSentiment(text) : null);
console.log(`  macro-F1, unspaced lines called neutral (a leak):   ${format(emotionF1(formatReading, test).macro)}`);
