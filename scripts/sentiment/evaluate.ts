// Measures an analyzer on held-out data: emotion F1, polarity macro-recall, speed.
import { performance } from 'node:perf_hooks';
import { emotionNames, type Sentiment } from '../../lib/sentiment/schema';
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
  /** Median of the timed passes, wall clock. */
  textsPerSecond: number;
  /** Slowest and fastest pass, wall clock. */
  worstTextsPerSecond: number;
  bestTextsPerSecond: number;
  /** Median and best pass in CPU time, which moves less with other processes' load on a shared machine. */
  cpuTextsPerSecond: number;
  bestCpuTextsPerSecond: number;
  /** From one more pass timing every call. */
  p50Milliseconds: number;
  p99Milliseconds: number;
  maxMilliseconds: number;
}

/**
 * Throughput: the median of `passes` passes over the texts, each untimed per call, after one full
 * warm-up pass (the first pass also compiles and fills the per-word caches, which a long-running
 * server has long done). Latency: one more pass timing every call. One thread.
 */
export function measureSpeed(analyze: Analyzer, texts: readonly string[], passes = 5): SpeedReport {
  for (const text of texts) analyze(text);
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (const text of texts) analyze(text);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    walls.push(texts.length / seconds);
    cpus.push(texts.length / ((cpu.user + cpu.system) / 1e6));
  }
  walls.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const latencies = new Float64Array(texts.length);
  texts.forEach((text, i) => {
    const before = performance.now();
    analyze(text);
    latencies[i] = performance.now() - before;
  });
  latencies.sort();
  const median = Math.floor(passes / 2);
  const at = (share: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!;
  return {
    textsPerSecond: walls[median]!,
    worstTextsPerSecond: walls[0]!,
    bestTextsPerSecond: walls[passes - 1]!,
    cpuTextsPerSecond: cpus[median]!,
    bestCpuTextsPerSecond: cpus[passes - 1]!,
    p50Milliseconds: at(0.5),
    p99Milliseconds: at(0.99),
    maxMilliseconds: latencies[latencies.length - 1]!,
  };
}
