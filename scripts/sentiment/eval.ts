// npm run sentiment:eval: the shipped model on data its training never saw, against lexicon baselines.
import { emotionNames } from '../../lib/sentiment/schema';
import { analyzeSentiment } from '../../lib/sentiment/index';
import { afinnPolarity, vaderPolarity } from './baselines';
import { hasSentimentData, loadSplit, sentimentDataDir } from './data';
import { analyzerPolarity, emotionF1, measureSpeed, polarityMacroRecall } from './evaluate';

const SPEED_SAMPLE = 10_000;
const format = (value: number): string => value.toFixed(4);

function main(): void {
  if (!hasSentimentData()) {
    console.error(`no sentiment data at ${sentimentDataDir()} (set SENTIMENT_DATA_DIR)`);
    process.exit(1);
  }
  const goTest = loadSplit('goemotions', 'test');
  const xedTest = loadSplit('xed', 'test');
  const xedAnnotated = xedTest.filter((example) => example.emotions.length > 0);

  const go = emotionF1(analyzeSentiment, goTest);
  const xed = emotionF1(analyzeSentiment, xedTest);
  const xedEmotional = emotionF1(analyzeSentiment, xedAnnotated);
  console.log('Emotions (Plutchik-8, multi-label, score ≥ 50 = present)');
  console.log(
    `  GoEmotions test (${goTest.length} texts, mapped): macro-F1 ${format(go.macro)}  micro-F1 ${format(go.micro)}`,
  );
  console.log(
    `  XED held-out test (${xedTest.length} texts incl. neutral): macro-F1 ${format(xed.macro)}  micro-F1 ${format(xed.micro)}`,
  );
  console.log(
    `  XED held-out test, annotated lines only (${xedAnnotated.length}): macro-F1 ${format(xedEmotional.macro)}  micro-F1 ${format(xedEmotional.micro)}`,
  );
  console.log('  per emotion F1 (GoEmotions | XED):');
  emotionNames.forEach((name, i) => {
    console.log(`    ${name.padEnd(12)} ${format(go.perClass[i]!)} | ${format(xed.perClass[i]!)}`);
  });

  const polarityCount = goTest.filter((example) => example.polarity !== null).length;
  console.log(`Polarity macro-recall, GoEmotions test with one polarity (${polarityCount} texts)`);
  console.log(`  this model ${format(polarityMacroRecall(analyzerPolarity(analyzeSentiment), goTest))}`);
  console.log(`  VADER      ${format(polarityMacroRecall(vaderPolarity, goTest))}`);
  console.log(`  AFINN-165  ${format(polarityMacroRecall(afinnPolarity, goTest))}`);

  const pool = [...goTest, ...xedTest].map((example) => example.text);
  const texts = Array.from({ length: SPEED_SAMPLE }, (_, i) => pool[i % pool.length]!);
  const speed = measureSpeed(analyzeSentiment, texts);
  console.log(`Speed over ${SPEED_SAMPLE} texts, one thread (median of 5 passes after a warm-up pass)`);
  console.log(
    `  ${Math.round(speed.textsPerSecond)} texts/s, p99 ${(speed.p99Milliseconds * 1000).toFixed(1)} µs per text`,
  );
}

main();
