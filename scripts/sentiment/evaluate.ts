// Measures an analyzer on held-out data: emotion F1, polarity macro-recall, speed.
import { performance } from 'node:perf_hooks';
import { emotionNames, type Sentiment } from '../../lib/api/registry/common';
import type { Example } from './data';
import type { Polarity } from './labels';
import { type F1Report, macroRecall, multiLabelF1 } from './metrics';

export type Analyzer = (text: string) => Sentiment | null;

/** An emotion counts as predicted when its score reaches 50, its tuned decision threshold. */
export function emotionF1(analyze: Analyzer, examples: readonly Example[]): F1Report {
  const gold = examples.map((example) => emotionNames.map((name) => example.emotions.includes(name)));
  const predicted = examples.map((example) => {
    const sentiment = analyze(example.text);
    return emotionNames.map((name) => (sentiment ? sentiment.emotions[name] >= 50 : false));
  });
  return multiLabelF1(gold, predicted, emotionNames.length);
}

/** Macro-recall over the examples with a single polarity; a null answer counts as neutral. */
export function polarityMacroRecall(classify: (text: string) => Polarity, examples: readonly Example[]): number {
  const labelled = examples.filter((example) => example.polarity !== null);
  return macroRecall(
    labelled.map((example) => example.polarity as Polarity),
    labelled.map((example) => classify(example.text)),
  );
}

export function analyzerPolarity(analyze: Analyzer): (text: string) => Polarity {
  return (text) => analyze(text)?.polarity ?? 'neutral';
}

export interface SpeedReport {
  textsPerSecond: number;
  p99Milliseconds: number;
}

/** Timed passes over the sample after a warm-up pass; throughput is their median. */
const THROUGHPUT_PASSES = 5;

/**
 * Throughput: the median of five passes over the texts, each untimed per call, after one full
 * warm-up pass (the first pass also compiles and fills the per-word cache, which a long-running server
 * has long done). p99: one more pass timing every call. One thread.
 */
export function measureSpeed(analyze: Analyzer, texts: readonly string[]): SpeedReport {
  for (const text of texts) analyze(text);
  const rates: number[] = [];
  for (let pass = 0; pass < THROUGHPUT_PASSES; pass++) {
    const started = performance.now();
    for (const text of texts) analyze(text);
    rates.push(texts.length / ((performance.now() - started) / 1000));
  }
  rates.sort((a, b) => a - b);
  const latencies = new Float64Array(texts.length);
  texts.forEach((text, i) => {
    const before = performance.now();
    analyze(text);
    latencies[i] = performance.now() - before;
  });
  latencies.sort();
  return {
    textsPerSecond: rates[Math.floor(THROUGHPUT_PASSES / 2)]!,
    p99Milliseconds: latencies[Math.floor(latencies.length * 0.99)]!,
  };
}
