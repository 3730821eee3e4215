// The committed weights are exactly what `npm run sentiment:train` rebuilds from data/sentiment:
// training stays deterministic, and nobody ships weights the code and data no longer produce.
import { describe, expect, it } from 'vitest';
import { hasSentimentData, sentimentDataDir } from '@/scripts/sentiment/data';
import { staleShippedFiles, trainShippedModels } from '@/scripts/sentiment/train';

const dataPresent = hasSentimentData();
if (!dataPresent) console.warn(`skipping the weights rebuild: no data at ${sentimentDataDir()}`);

describe.skipIf(!dataPresent)('sentiment weights', () => {
  // Six fits (five folds, then all the data): about 1.5-2.5 minutes on one core.
  it('are rebuilt byte for byte by the training script', { timeout: 20 * 60_000 }, () => {
    const stale = staleShippedFiles(trainShippedModels()).map((path) => path.pathname.split('/').pop());
    expect(stale, 'these files differ from the rebuild: run npm run sentiment:train').toEqual([]);
  });
});
