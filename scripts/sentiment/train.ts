// npm run sentiment:train: rebuilds lib/sentiment/model.json and mlp.json from the shared corpora, deterministically.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { denseFeatureCount, denseFeatureNames, type FeatureOptions } from '../../lib/sentiment/features';
import { decodeModel, encodeKeys, headCount, headNames, type ModelFile, negativeHead, positiveHead, quantizeWeights } from '../../lib/sentiment/model';
import { loadSplit, sentimentDataDir } from './data';
import { buildVocabulary, encode, featurize } from './encode';
import { trainLogistic } from './logistic';
import { decodeMlp } from '../../lib/sentiment/mlp';
import { type MlpOptions, toMlpFile, trainMlp } from './mlp';
import { foldFeatureScales, nbRatios } from './nb';
import { tunePolarityThresholds, tuneEmotionThresholds } from './tune';
import { readVaderLexicon } from './vader-lexicon';

/** Chosen on the dev splits; changing them changes the shipped weights. */
const settings = {
  /** Character 2-4-grams within words, next to the word unigrams and bigrams. */
  features: { charMin: 2, charMax: 4 } satisfies FeatureOptions,
  /** Feature value of one character n-gram occurrence: keeps the many n-grams from drowning the words. */
  charValue: 0.2,
  minimumDocuments: 2,
  /**
   * NB-SVM log-count-ratio scaling (nb.ts) of the word features, every head, smoothing α = 2, no
   * interpolation (β = 1); folded into the stored weights, so inference is unchanged.
   */
  nb: { alpha: 2, scope: 'words', beta: 1 } as const,
  epochs: 5,
  learningRate: 0.05,
  l2: 3e-4,
  seed: 20200705,
  /** Rows whose every weight is below this contribute nothing visible and only bloat the file. */
  pruneBelow: 0.02,
  /**
   * The small nonlinear model (lib/sentiment/mlp.ts) blended into the linear logits: hashed word-feature
   * embedding bag (2^16 rows × 16, mean) + dense features → 16 ReLU → ten heads; three AdaGrad epochs
   * at rate 0.1. Chosen with scripts/sentiment/mlp-experiment.ts on dev (README); 32 units did better
   * on GoEmotions dev but cost the 50,000 texts/s budget.
   */
  mlp: { buckets: 1 << 16, hidden: 16, heads: headCount, epochs: 3, learningRate: 0.1, dropout: 0, l2: 0, seed: 20200705 } satisfies MlpOptions,
  /**
   * Share of the MLP in the final logits: 0.2 for the emotions (best GoEmotions dev averaged over three
   * seeds), none for polarity (any share lowered polarity dev on the shipped seed).
   */
  mlpBlend: { emotions: 0.2, polarity: 0 },
};

const modelPath = new URL('../../lib/sentiment/model.json', import.meta.url);
const mlpPath = new URL('../../lib/sentiment/mlp.json', import.meta.url);

function pruneRows(vocabulary: number[], weights: Float64Array): { vocabulary: number[]; weights: Float64Array } {
  const keptRows: number[] = Array.from({ length: denseFeatureCount }, (_, i) => i);
  const keptVocabulary: number[] = [];
  vocabulary.forEach((key, index) => {
    const row = denseFeatureCount + index;
    let max = 0;
    for (let h = 0; h < headCount; h++) max = Math.max(max, Math.abs(weights[row * headCount + h]!));
    if (max >= settings.pruneBelow) {
      keptRows.push(row);
      keptVocabulary.push(key);
    }
  });
  const pruned = new Float64Array(keptRows.length * headCount);
  keptRows.forEach((row, i) => pruned.set(weights.subarray(row * headCount, (row + 1) * headCount), i * headCount));
  return { vocabulary: keptVocabulary, weights: pruned };
}

function main(): void {
  const started = performance.now();
  console.log(`reading corpora from ${sentimentDataDir()}`);
  const lexicon = readVaderLexicon();
  const train = [...loadSplit('goemotions', 'train'), ...loadSplit('xed', 'train')];
  const devGoEmotions = loadSplit('goemotions', 'dev');
  const devXed = loadSplit('xed', 'dev');

  const featurized = featurize(train, lexicon, settings.features);
  const fullVocabulary = buildVocabulary(featurized, settings.minimumDocuments);
  const encoded = encode(featurized, fullVocabulary);
  console.log(`${train.length} training texts, ${fullVocabulary.length} features`);
  const rowCount = denseFeatureCount + fullVocabulary.length;
  const nbHeads = Array.from({ length: headCount }, (_, h) => h);
  const featureScales = nbRatios(encoded, rowCount, headCount, denseFeatureCount, {
    alpha: settings.nb.alpha,
    scope: settings.nb.scope,
    heads: nbHeads,
  });
  const trained = trainLogistic(encoded, {
    rowCount,
    headCount,
    epochs: settings.epochs,
    learningRate: settings.learningRate,
    l2: settings.l2,
    seed: settings.seed,
    charValue: settings.charValue,
    featureScales,
  });
  foldFeatureScales(trained.weights, featureScales, headCount, { beta: settings.nb.beta, heads: nbHeads });
  // Fold the character n-gram value into their weights, so inference adds them like any feature.
  const charKeys = new Set(featurized.flatMap(({ charKeys }) => charKeys));
  fullVocabulary.forEach((key, index) => {
    if (!charKeys.has(key)) return;
    const row = denseFeatureCount + index;
    for (let h = 0; h < headCount; h++) trained.weights[row * headCount + h]! *= settings.charValue;
  });
  const { vocabulary, weights } = pruneRows(fullVocabulary, trained.weights);
  const quantized = quantizeWeights(weights);
  const file: ModelFile = {
    format: 1,
    heads: [...headNames],
    dense: [...denseFeatureNames],
    vocabulary: encodeKeys(vocabulary),
    weights: quantized.data,
    scales: quantized.scales,
    bias: Array.from(trained.bias, (b) => Number(b.toFixed(6))),
    thresholds: new Array<number>(headCount).fill(0.5),
    lexicon: Object.fromEntries([...lexicon].map(([word, valence]) => [word, Number(valence.toFixed(2))])),
    features: settings.features,
  };
  // Thresholds are tuned on the quantized model, exactly as it will run.
  const model = decodeModel(file);
  const mlpWeights = trainMlp(
    featurized.map(({ keys }, i) => ({ keys: Int32Array.from(keys), dense: encoded[i]!.dense, targets: encoded[i]!.targets })),
    settings.mlp,
  );
  const blend = headNames.map((_, h) => (h === positiveHead || h === negativeHead ? settings.mlpBlend.polarity : settings.mlpBlend.emotions));
  const mlpFile = toMlpFile(mlpWeights, settings.mlp, blend);
  model.mlp = decodeMlp(mlpFile);
  const emotionThresholds = tuneEmotionThresholds(model, [devGoEmotions, devXed]);
  const polarityThresholds = tunePolarityThresholds(model, devGoEmotions);
  file.thresholds = [...emotionThresholds, 0, 0];
  file.thresholds[positiveHead] = polarityThresholds.positive;
  file.thresholds[negativeHead] = polarityThresholds.negative;

  writeFileSync(modelPath, `${JSON.stringify(file)}\n`);
  writeFileSync(mlpPath, `${JSON.stringify(mlpFile)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`kept ${vocabulary.length} features; thresholds ${file.thresholds.join(' ')}`);
  console.log(`wrote ${modelPath.pathname} and ${mlpPath.pathname} in ${seconds} s`);
}

main();
