// NB-SVM scaling (scripts/sentiment/nb.ts): ratios from binarized counts, folded into plain weights.
import { describe, expect, it } from 'vitest';
import type { EncodedExample } from '@/scripts/sentiment/logistic';
import { foldFeatureScales, nbRatios } from '@/scripts/sentiment/nb';

const example = (rows: number[], target: number, charRows: number[] = []): EncodedExample => ({
  rows: Int32Array.from(rows),
  charRows: Int32Array.from(charRows),
  dense: new Float64Array(1),
  targets: Float64Array.of(target, Number.NaN),
});

describe('NB-SVM log-count ratios', () => {
  // Row 0 is dense; rows 1-2 are words; row 3 is a character n-gram.
  const examples = [example([1], 1, [3, 3]), example([1, 2], 1), example([2], 0, [3]), example([2], Number.NaN)];

  it('uses binarized, smoothed, normalised counts on the scoped rows of the scoped heads only', () => {
    const r = nbRatios(examples, 4, 2, 1, { alpha: 1, scope: 'words', heads: [0] });
    // positive: row1 2+1, row2 1+1 (‖p‖=5); negative: row1 0+1, row2 1+1 (‖q‖=3); the NaN example is skipped.
    expect(r[1 * 2]).toBeCloseTo(Math.log(3 / 5 / (1 / 3)));
    expect(r[2 * 2]).toBeCloseTo(Math.log(2 / 5 / (2 / 3)));
    expect([r[0], r[1], r[3], r[5], r[6], r[7]]).toEqual([1, 1, 1, 1, 1, 1]);
    const all = nbRatios(examples, 4, 2, 1, { alpha: 1, scope: 'all', heads: [0] });
    // The n-gram counts once per text however often it occurs: positive 1+1, negative 1+1.
    expect(all[3 * 2]).toBeCloseTo(Math.log(2 / 7 / (2 / 5)));
  });

  it('folds the ratios into the weights (β = 1) or interpolates toward the mean magnitude first', () => {
    const scales = Float64Array.of(1, 1, 2, 1, -0.5, 1);
    const weights = Float64Array.of(0.3, 0.1, 1, 0.2, -3, 0.4);
    foldFeatureScales(weights, scales, 2, { beta: 1, heads: [0] });
    expect([...weights]).toEqual([0.3, 0.1, 2, 0.2, 1.5, 0.4]);
    const shrunk = Float64Array.of(0.3, 0.1, 1, 0.2, -3, 0.4);
    foldFeatureScales(shrunk, scales, 2, { beta: 0.25, heads: [0] });
    // mean |w| over the scaled rows = 2; w ← 0.75·2 + 0.25·w, then × r.
    expect(shrunk[2]).toBeCloseTo(2 * (1.5 + 0.25));
    expect(shrunk[4]).toBeCloseTo(-0.5 * (1.5 - 0.75));
    expect(shrunk[0]).toBe(0.3);
  });
});
