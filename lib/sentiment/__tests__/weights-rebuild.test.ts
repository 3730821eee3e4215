// The committed weights are exactly what `npm run sentiment:train` rebuilds from the shared corpora:
// training stays deterministic, and nobody ships weights the code and data no longer produce.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasSentimentData, sentimentDataDir } from '@/scripts/sentiment/data';
import { trainShippedModels } from '@/scripts/sentiment/train';

const dataPresent = hasSentimentData();
if (!dataPresent) console.warn(`skipping the weights rebuild: no data at ${sentimentDataDir()}`);

const committed = (name: string): string => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');

describe.skipIf(!dataPresent)('sentiment weights', () => {
  // Six fits (five folds, then all the data): about 1.5-2.5 minutes on one core.
  it('are rebuilt byte for byte by the training script', { timeout: 20 * 60_000 }, () => {
    const built = trainShippedModels();
    expect(built.model === committed('model.json'), 'model.json differs from the rebuild: run npm run sentiment:train').toBe(true);
    expect(built.mlp === committed('mlp.json'), 'mlp.json differs from the rebuild: run npm run sentiment:train').toBe(true);
  });
});
