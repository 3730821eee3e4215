// Dev-only experiments: `tsx scripts/sentiment/experiment.ts '<json config>' ...` trains each config
// in memory and prints macro-F1 on the GoEmotions and XED *dev* splits (thresholds tuned on those
// same dev splits, as train.ts does) and polarity macro-recall on GoEmotions dev. Never reads test.
import { performance } from 'node:perf_hooks';
import { type EmotionName, emotionNames } from '../../lib/api/registry/common';
import { denseFeatureCount, emojiDenseOffset, type FeatureOptions } from '../../lib/sentiment/features';
import { headCount, negativeHead, positiveHead } from '../../lib/sentiment/model';
import { decidePolarity, type Polarity } from '../../lib/sentiment/polarity';
import { type Example, loadSplit } from './data';
import { buildVocabulary, encode, featurize } from './encode';
import { type EncodedExample, trainLogistic } from './logistic';
import { foldFeatureScales, nbRatios } from './nb';
import { binaryF1, macroRecall } from './metrics';
import { goEmotionsToPlutchik } from './labels';
import { readVaderLexicon } from './vader-lexicon';

interface Config {
  charMin?: number;
  charMax?: number;
  minimumDocuments?: number;
  epochs?: number;
  learningRate?: number;
  l2?: number;
  xedWeight?: number;
  /** Positive weight per emotion head, or one number for all eight. */
  positiveWeight?: number | number[];
  averageEpochs?: number;
  charValue?: number;
  /** GoEmotions label → Plutchik overrides on top of labels.ts (training targets and dev gold alike). */
  mapping?: Record<string, EmotionName[]>;
  /** How per-emotion thresholds are tuned: mean of the two corpora's F1 (train.ts), or F1 on both pooled. */
  thresholdMode?: 'mean' | 'pooled';
  /** Restrict the threshold grid to [floor, ceiling]. */
  floor?: number;
  ceiling?: number;
  /** NB-SVM log-count-ratio scaling (nb.ts): smoothing α; absent = no scaling. */
  nbAlpha?: number;
  /** Features that get ratios: 'words' (default) or 'all' (words + character n-grams). */
  nbScope?: 'words' | 'all';
  /** NBSVM interpolation toward the mean weight magnitude (1 = none). */
  nbBeta?: number;
  /** Also scale the two polarity heads (default: emotion heads only). */
  nbPolarity?: boolean;
  /** Shuffle seed (default train.ts's), to check that a gain is not one shuffle's luck. */
  seed?: number;
  /** A name to print instead of the whole config. */
  name?: string;
  /** Train on one corpus only (default both). */
  trainCorpora?: 'both' | 'xed' | 'goemotions';
}

const lexicon = readVaderLexicon();
const train = [...loadSplit('goemotions', 'train'), ...loadSplit('xed', 'train')];
const devGoBase = loadSplit('goemotions', 'dev');
let devGo = devGoBase;
const devXed = loadSplit('xed', 'dev');
const GRID = Array.from({ length: 90 }, (_, i) => 0.05 + i * 0.01);

const cache = new Map<string, { train: EncodedExample[]; devGo: EncodedExample[]; devXed: EncodedExample[]; rows: number }>();

function encodedFor(options: FeatureOptions, minimumDocuments: number) {
  const key = JSON.stringify([options, minimumDocuments]);
  const hit = cache.get(key);
  if (hit) return hit;
  const featurized = featurize(train, lexicon, options);
  const vocabulary = buildVocabulary(featurized, minimumDocuments);
  const entry = {
    train: encode(featurized, vocabulary),
    devGo: encode(featurize(devGoBase, lexicon, options), vocabulary),
    devXed: encode(featurize(devXed, lexicon, options), vocabulary),
    rows: denseFeatureCount + vocabulary.length,
  };
  cache.clear();
  cache.set(key, entry);
  return entry;
}

function probabilities(examples: EncodedExample[], weights: Float64Array, bias: Float64Array, cv: number): Float64Array[] {
  return examples.map(({ rows, charRows, dense }) => {
    const logits = Float64Array.from(bias);
    for (let d = 0; d < dense.length; d++) if (dense[d] !== 0) for (let h = 0; h < headCount; h++) logits[h]! += dense[d]! * weights[d * headCount + h]!;
    for (const row of rows) for (let h = 0; h < headCount; h++) logits[h]! += weights[row * headCount + h]!;
    for (const row of charRows!) for (let h = 0; h < headCount; h++) logits[h]! += cv * weights[row * headCount + h]!;
    for (let e = 0; e < emotionNames.length; e++) logits[e]! += 1.5 * dense[emojiDenseOffset + e]!;
    return logits.map((x) => 1 / (1 + Math.exp(-x)));
  });
}

function run(config: Config): void {
  const started = performance.now();
  const options: FeatureOptions = { charMin: config.charMin ?? 0, charMax: config.charMax ?? 0 };
  const data = encodedFor(options, config.minimumDocuments ?? 2);
  const xedWeight = config.xedWeight ?? 1;
  const mapping = { ...goEmotionsToPlutchik, ...(config.mapping ?? {}) };
  const remap = (example: Example): Example =>
    example.corpus === 'goemotions' && example.labels
      ? { ...example, emotions: [...new Set(example.labels.flatMap((label) => mapping[label] ?? []))] }
      : example;
  devGo = devGoBase.map(remap);
  train.forEach((example, i) => {
    const only = config.trainCorpora ?? 'both';
    data.train[i]!.weight = only !== 'both' && example.corpus !== only ? 0 : example.corpus === 'xed' ? xedWeight : 1;
    const emotions = remap(example).emotions;
    emotionNames.forEach((name, e) => {
      data.train[i]!.targets[e] = emotions.includes(name) ? 1 : 0;
    });
  });
  const pw = config.positiveWeight ?? 1;
  const positiveWeights = [...(Array.isArray(pw) ? pw : new Array<number>(8).fill(pw)), 1, 1];
  const nbHeads = config.nbPolarity ? Array.from({ length: headCount }, (_, h) => h) : emotionNames.map((_, e) => e);
  const featureScales =
    config.nbAlpha === undefined
      ? undefined
      : nbRatios(data.train, data.rows, headCount, denseFeatureCount, { alpha: config.nbAlpha, scope: config.nbScope ?? 'words', heads: nbHeads });
  const trained = trainLogistic(data.train, {
    rowCount: data.rows,
    headCount,
    epochs: config.epochs ?? 5,
    learningRate: config.learningRate ?? 0.05,
    l2: config.l2 ?? 1e-4,
    seed: config.seed ?? 20200705,
    positiveWeights,
    averageEpochs: config.averageEpochs ?? 1,
    charValue: config.charValue ?? 1,
    featureScales,
  });
  if (featureScales) foldFeatureScales(trained.weights, featureScales, headCount, { beta: config.nbBeta ?? 1, heads: nbHeads });
  const cv = config.charValue ?? 1;
  const corpora = [
    { examples: devGo, probs: probabilities(data.devGo, trained.weights, trained.bias, cv) },
    { examples: devXed, probs: probabilities(data.devXed, trained.weights, trained.bias, cv) },
  ];
  const perClass = corpora.map(() => new Array<number>(8).fill(0));
  const separate = [0, 0];
  emotionNames.forEach((name, e) => {
    const scored = corpora.map(({ examples, probs }) => ({
      scores: Float64Array.from(probs, (p) => p[e]!),
      gold: examples.map((x: Example) => x.emotions.includes(name)),
    }));
    const pooled = { scores: Float64Array.from([...scored[0]!.scores, ...scored[1]!.scores]), gold: [...scored[0]!.gold, ...scored[1]!.gold] };
    const grid = GRID.filter((t) => t >= (config.floor ?? 0) - 1e-9 && t <= (config.ceiling ?? 1) + 1e-9);
    let best = { f1: -1, each: [0, 0] };
    for (const t of grid) {
      const each = scored.map((s) => binaryF1(s.scores, s.gold, t));
      const objective = config.thresholdMode === 'pooled' ? binaryF1(pooled.scores, pooled.gold, t) : each[0]! + each[1]!;
      if (objective > best.f1) best = { f1: objective, each };
    }
    scored.forEach((s, c) => {
      separate[c]! += Math.max(...GRID.map((t) => binaryF1(s.scores, s.gold, t))) / 8;
    });
    perClass[0]![e] = best.each[0]!;
    perClass[1]![e] = best.each[1]!;
  });
  const macro = perClass.map((c) => c.reduce((a, b) => a + b, 0) / 8);
  // XED annotated lines only: with the joint thresholds' F1 recomputed, and with their own best thresholds.
  const annotated = devXed.map((x, i) => ({ x, p: corpora[1]!.probs[i]! })).filter(({ x }) => x.emotions.length > 0);
  let annotatedOwn = 0;
  emotionNames.forEach((name, e) => {
    const scores = Float64Array.from(annotated, ({ p }) => p[e]!);
    const gold = annotated.map(({ x }) => x.emotions.includes(name));
    annotatedOwn += Math.max(...GRID.map((t) => binaryF1(scores, gold, t))) / 8;
  });
  // Polarity: best threshold pair on GoEmotions dev.
  const labelled = corpora[0]!.probs.map((p, i) => ({ p, gold: devGo[i]!.polarity })).filter((x) => x.gold !== null);
  let recall = 0;
  for (let pos = 0.1; pos < 0.9; pos += 0.04)
    for (let neg = 0.1; neg < 0.9; neg += 0.04) {
      const predicted = labelled.map(({ p }): Polarity => decidePolarity({ positive: p[positiveHead]!, negative: p[negativeHead]! }, { positive: pos, negative: neg }));
      recall = Math.max(recall, macroRecall(labelled.map((x) => x.gold as Polarity), predicted));
    }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${config.name ?? JSON.stringify(config)} rows=${data.rows} | devGo ${macro[0]!.toFixed(4)} devXed ${macro[1]!.toFixed(4)} mean ${((macro[0]! + macro[1]!) / 2).toFixed(4)} pol ${recall.toFixed(4)} | sep ${separate.map((x) => x.toFixed(3)).join(' ')} xedAnnOwn ${annotatedOwn.toFixed(3)} | ${seconds}s`,
  );
  console.log(`   go  ${perClass[0]!.map((x) => x.toFixed(2)).join(' ')}\n   xed ${perClass[1]!.map((x) => x.toFixed(2)).join(' ')}`);
}

for (const arg of process.argv.slice(2)) run(JSON.parse(arg) as Config);
