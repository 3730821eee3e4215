// XED's annotated lines are tokenized ("Leave it !") and its neutral lines are raw ("What?"), so the
// spacing before punctuation alone tells the two files apart. An analyzer that let that spacing
// matter would score XED's neutral lines better for a reason no customer text has; these tests keep
// the analysis blind to it, so the held-out XED figure measures reading, not file format.
import { describe, expect, it } from 'vitest';
import { analyzeSentiment } from '@/lib/sentiment/index';
import { loadSplit, unspacePunctuation as unspaced } from '@/scripts/sentiment/data';

describe('analyzeSentiment and the spacing before punctuation', () => {
  it.each([
    'Leave it !',
    "That's terrible .",
    "Think I'm an idiot ?",
    'I mean , jeez ...',
    'Keep the line straight ; now !',
  ])('reads %j exactly as its unspaced form', (text) => {
    expect(unspaced(text)).not.toBe(text);
    expect(analyzeSentiment(text)).toEqual(analyzeSentiment(unspaced(text)));
  });

  it('reads every spaced XED line exactly as its unspaced form', () => {
    const spaced = (['train', 'dev', 'test'] as const)
      .flatMap((split) => loadSplit('xed', split))
      .map((example) => example.text)
      .filter((text) => unspaced(text) !== text);
    expect(spaced.length).toBeGreaterThan(10_000);
    const differing = spaced.filter(
      (text) => JSON.stringify(analyzeSentiment(text)) !== JSON.stringify(analyzeSentiment(unspaced(text))),
    );
    expect(differing).toEqual([]);
  });
});
