// npm run bench:sentiment: the get_sentiment analyzer's speed and memory on one thread.
// Wall-clock and CPU-time figures side by side: on a shared machine CPU time moves less with the
// neighbours' load. Reads the held-out texts only (never labels) of ../shared/data/sentiment.
import { performance } from 'node:perf_hooks';
import { hasSentimentData, loadSplit, sentimentDataDir } from '../sentiment/data';

const SAMPLE = 10_000;
const PASSES = 15;
const TARGET_TEXTS_PER_SECOND = 50_000;

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

async function main(): Promise<void> {
  if (!hasSentimentData()) {
    console.error(`no sentiment data at ${sentimentDataDir()} (set SENTIMENT_DATA_DIR)`);
    process.exit(1);
  }
  const pool = [...loadSplit('goemotions', 'test'), ...loadSplit('xed', 'test')].map((example) => example.text);
  const texts = Array.from({ length: SAMPLE }, (_, i) => pool[i % pool.length]!);
  // Captions of about 1,000 characters: the cost grows with length, up to the 4,000 analysed.
  const long = Array.from({ length: 1_000 }, (_, i) => pool.slice(i, i + 20).join(' ').slice(0, 1_000));

  // Heap plus the typed arrays' buffers (the weights live there, outside the JS heap).
  const used = (): number => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  global.gc?.();
  const heapBefore = used();
  const loadStarted = performance.now();
  const { analyzeSentiment } = await import('../../lib/sentiment/index');
  const loadMs = performance.now() - loadStarted;
  global.gc?.();
  const heapModel = used() - heapBefore;

  const run = (batch: readonly string[]): { wall: number; cpu: number } => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (const text of batch) analyzeSentiment(text);
    const cpu = process.cpuUsage(cpuBefore);
    return { wall: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
  };
  run(texts);
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const { wall, cpu } = run(texts);
    walls.push(texts.length / wall);
    cpus.push(texts.length / cpu);
  }
  walls.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const latencies = new Float64Array(texts.length);
  texts.forEach((text, i) => {
    const before = performance.now();
    analyzeSentiment(text);
    latencies[i] = (performance.now() - before) * 1000;
  });
  latencies.sort();
  run(long);
  const longRate = long.length / run(long).wall;
  global.gc?.();
  const heapAfter = used() - heapBefore;

  const median = (values: number[]): number => values[Math.floor(values.length / 2)]!;
  const rate = (value: number): string => Math.round(value).toLocaleString('en-US');
  console.log(`get_sentiment analyzer, one thread, ${SAMPLE.toLocaleString('en-US')} held-out texts (mean ${Math.round(texts.join('').length / SAMPLE)} characters), ${PASSES} passes after a warm-up`);
  console.log(`  wall clock: median ${rate(median(walls))} texts/s (best ${rate(walls.at(-1)!)}, worst ${rate(walls[0]!)})`);
  console.log(`  CPU time:   median ${rate(median(cpus))} texts/s (best ${rate(cpus.at(-1)!)})`);
  console.log(`  latency per text: p50 ${percentile(latencies, 0.5).toFixed(1)} µs, p99 ${percentile(latencies, 0.99).toFixed(1)} µs, max ${latencies.at(-1)!.toFixed(1)} µs`);
  console.log(`  1,000-character captions: ${rate(longRate)} texts/s`);
  const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
  console.log(`  model load ${loadMs.toFixed(0)} ms; memory (heap + typed arrays) ${mib(heapModel)} MiB after load, ${mib(heapAfter)} MiB with the caches warm, process RSS ${mib(process.memoryUsage().rss)} MiB`);
  console.log(`  target ≥ ${rate(TARGET_TEXTS_PER_SECOND)} texts/s, p99 < 1 ms: ${median(walls) >= TARGET_TEXTS_PER_SECOND && percentile(latencies, 0.99) < 1000 ? 'met' : 'not met'} in this run (wall-clock median)`);
}

void main();
