// npm run bench:sentiment: the get_sentiment analyzer's speed and memory on one thread.
// Wall-clock and CPU-time figures side by side: on a shared machine CPU time moves less with the
// neighbours' load. Reads the held-out texts only (never labels) of data/sentiment.
import { performance } from 'node:perf_hooks';
import { hasSentimentData, loadSplit, sentimentDataDir } from '../sentiment/data';
import { measureSpeed } from '../sentiment/evaluate';

const SAMPLE = 10_000;
const PASSES = 15;
const TARGET_TEXTS_PER_SECOND = 50_000;

async function main(): Promise<void> {
  if (!hasSentimentData()) {
    console.error(`no sentiment data at ${sentimentDataDir()} (set SENTIMENT_DATA_DIR)`);
    process.exit(1);
  }
  const pool = [...loadSplit('goemotions', 'test'), ...loadSplit('xed', 'test')].map((example) => example.text);
  const texts = Array.from({ length: SAMPLE }, (_, i) => pool[i % pool.length]!);

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

  const speed = measureSpeed(analyzeSentiment, texts, PASSES);
  // Captions of about 1,000 characters: the cost grows with length, up to the 4,000 analysed.
  const long = Array.from({ length: 1_000 }, (_, i) =>
    pool
      .slice(i, i + 20)
      .join(' ')
      .slice(0, 1_000),
  );
  const longSpeed = measureSpeed(analyzeSentiment, long, 3);
  global.gc?.();
  const heapAfter = used() - heapBefore;

  const rate = (value: number): string => Math.round(value).toLocaleString('en-US');
  const micros = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
  console.log(
    `get_sentiment analyzer, one thread, ${SAMPLE.toLocaleString('en-US')} held-out texts (mean ${Math.round(texts.join('').length / SAMPLE)} characters), ${PASSES} passes after a warm-up`,
  );
  console.log(
    `  wall clock: median ${rate(speed.textsPerSecond)} texts/s (best ${rate(speed.bestTextsPerSecond)}, worst ${rate(speed.worstTextsPerSecond)})`,
  );
  console.log(
    `  CPU time:   median ${rate(speed.cpuTextsPerSecond)} texts/s (best ${rate(speed.bestCpuTextsPerSecond)})`,
  );
  console.log(
    `  latency per text: p50 ${micros(speed.p50Milliseconds)}, p99 ${micros(speed.p99Milliseconds)}, max ${micros(speed.maxMilliseconds)}`,
  );
  console.log(`  1,000-character captions: ${rate(longSpeed.textsPerSecond)} texts/s`);
  const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
  console.log(
    `  model load ${loadMs.toFixed(0)} ms; memory (heap + typed arrays) ${mib(heapModel)} MiB after load, ${mib(heapAfter)} MiB with the caches warm, process RSS ${mib(process.memoryUsage().rss)} MiB`,
  );
  console.log(
    `  target ≥ ${rate(TARGET_TEXTS_PER_SECOND)} texts/s, p99 < 1 ms: ${speed.textsPerSecond >= TARGET_TEXTS_PER_SECOND && speed.p99Milliseconds < 1 ? 'met' : 'not met'} in this run (wall-clock median)`,
  );
}

void main();
