// The committed weights are exactly what `npm run sentiment:train` rebuilds from data/sentiment:
// training stays deterministic, and nobody ships weights the code and data no longer produce.
// A rebuild takes one to three minutes, so its result is kept under .data/cache, named by the hash
// of everything it depends on (scripts/sentiment/training-inputs.ts: the trainer's code through its
// imports, the corpora, the lexicon, the Node version, and the committed weights themselves). Any
// change to one of those misses the cache and rebuilds; an unchanged tree compares in milliseconds.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleShippedFiles, trainShippedModels, type ShippedModels } from '@/scripts/sentiment/train';
import { trainerSourceFiles, trainingInputsHash } from '@/scripts/sentiment/training-inputs';

const cacheDir = path.resolve('.data/cache/sentiment-weights');

function rebuildOnceForTheseInputs(): { built: ShippedModels; cached: boolean } {
  const file = path.join(cacheDir, `${trainingInputsHash()}.json`);
  try {
    return { built: JSON.parse(readFileSync(file, 'utf8')) as ShippedModels, cached: true };
  } catch {
    // Not rebuilt for these inputs yet.
  }
  const built = trainShippedModels();
  mkdirSync(cacheDir, { recursive: true });
  // One entry is enough: older inputs are not coming back often enough to keep their rebuilds.
  for (const old of readdirSync(cacheDir)) rmSync(path.join(cacheDir, old), { force: true });
  // Written whole, then renamed: a run stopped mid-write leaves no half entry to trust.
  writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(built));
  renameSync(`${file}.${process.pid}.tmp`, file);
  return { built, cached: false };
}

describe('sentiment weights', () => {
  // Cold: six fits (five folds, then all the data), one to three minutes on one core.
  it('are rebuilt byte for byte by the training script', { timeout: 20 * 60_000 }, () => {
    const { built, cached } = rebuildOnceForTheseInputs();
    const stale = staleShippedFiles(built).map((url) => url.pathname.split('/').pop());
    expect(stale, `these files differ from the ${cached ? 'cached ' : ''}rebuild: run npm run sentiment:train`).toEqual(
      [],
    );
  });

  it('name their cached rebuild by every file the trainer reaches through its imports', () => {
    const files = trainerSourceFiles().map((file) => path.relative(process.cwd(), file));
    for (const input of [
      'scripts/sentiment/train.ts',
      'scripts/sentiment/logistic.ts',
      'lib/sentiment/features.ts',
      'lib/sentiment/tokenizer.ts',
    ]) {
      expect(files).toContain(input);
    }
  });
});
