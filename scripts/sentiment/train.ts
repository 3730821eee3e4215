// npm run sentiment:train: rebuilds lib/sentiment/model.json and mlp.json from data/sentiment, deterministically.
// `npm run sentiment:train -- --check` rebuilds in memory and fails if the committed files differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { denseFeatureCount, denseFeatureNames, type FeatureOptions } from '../../lib/sentiment/features';
import {
  decodeModel,
  encodeKeys,
  headCount,
  headNames,
  type LinearModel,
  type ModelFile,
  negativeHead,
  positiveHead,
  quantizeWeights,
} from '../../lib/sentiment/model';
import { type Example, loadSplit, sentimentDataDir, stableHash } from './data';
import { buildVocabulary, encode, type FeaturizedExample, featurize } from './encode';
import { type EncodedExample, trainLogistic } from './logistic';
import { decodeMlp, type MlpFile } from '../../lib/sentiment/mlp';
import { type MlpOptions, toMlpFile, trainMlp } from './mlp';
import { foldFeatureScales, nbRatios } from './nb';
import { concatScores, type ScoredTexts, scoreTexts, tuneEmotionThresholds, tunePolarityThresholds } from './tune';
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
   * at rate 0.1. Chosen on dev with an experiment script now in git history (lib/sentiment/README.md); 32 units did better
   * on GoEmotions dev but cost the 50,000 texts/s budget.
   */
  mlp: {
    buckets: 1 << 16,
    hidden: 16,
    heads: headCount,
    epochs: 3,
    learningRate: 0.1,
    dropout: 0,
    l2: 0,
    seed: 20200705,
  } satisfies MlpOptions,
  /**
   * Share of the MLP in the final logits: 0.2 for the emotions (best GoEmotions dev averaged over three
   * seeds), none for polarity (any share lowered polarity dev on the shipped seed).
   */
  mlpBlend: { emotions: 0.2, polarity: 0 },
  /**
   * Thresholds come from out-of-fold scores over all the training texts (cross-fitting): 5 models,
   * each fitted without one fold, score that fold; the shipped models then fit on everything.
   */
  folds: 5,
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

interface FittedModels {
  file: ModelFile;
  mlpFile: MlpFile;
  /** The decoded pair, exactly as inference runs it (quantised), thresholds still unset. */
  model: LinearModel;
}

/** Featurizes texts as the shipped model reads them (words, bigrams, negation, character n-grams, dense cues). */
export function featurizeForTraining(
  examples: readonly Example[],
  lexicon: ReadonlyMap<string, number>,
): FeaturizedExample[] {
  return featurize(examples, lexicon, settings.features);
}

interface FittedLinear {
  file: ModelFile;
  /** Per example: dense features and targets, as the MLP trains on them. */
  encoded: EncodedExample[];
}

/**
 * Trains the linear model alone (the shipped recipe) on some featurized texts; thresholds are left at 0.5.
 * `emotionTargets`, for distillation experiments only: per text, soft targets for the eight emotion
 * heads that replace the gold 0/1 in training (the NB ratios still count the gold labels).
 */
export function fitLinear(
  featurized: readonly FeaturizedExample[],
  lexicon: ReadonlyMap<string, number>,
  emotionTargets?: readonly Float64Array[],
): FittedLinear {
  const fullVocabulary = buildVocabulary(featurized, settings.minimumDocuments);
  const encoded = encode(featurized, fullVocabulary);
  const rowCount = denseFeatureCount + fullVocabulary.length;
  const nbHeads = Array.from({ length: headCount }, (_, h) => h);
  const featureScales = nbRatios(encoded, rowCount, headCount, denseFeatureCount, {
    alpha: settings.nb.alpha,
    scope: settings.nb.scope,
    heads: nbHeads,
  });
  const trainingExamples = emotionTargets
    ? encoded.map((example, i) => {
        const targets = Float64Array.from(example.targets);
        targets.set(emotionTargets[i]!);
        return { ...example, targets };
      })
    : encoded;
  const trained = trainLogistic(trainingExamples, {
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
  return { file, encoded };
}

/** Trains the linear model and the blended MLP on some featurized texts; thresholds are left at 0.5. */
function fitModels(featurized: readonly FeaturizedExample[], lexicon: ReadonlyMap<string, number>): FittedModels {
  const { file, encoded } = fitLinear(featurized, lexicon);
  const mlpWeights = trainMlp(
    featurized.map(({ keys }, i) => ({
      keys: Int32Array.from(keys),
      dense: encoded[i]!.dense,
      targets: encoded[i]!.targets,
    })),
    settings.mlp,
  );
  const blend = headNames.map((_, h) =>
    h === positiveHead || h === negativeHead ? settings.mlpBlend.polarity : settings.mlpBlend.emotions,
  );
  const mlpFile = toMlpFile(mlpWeights, settings.mlp, blend);
  const model = decodeModel(file);
  model.mlp = decodeMlp(mlpFile);
  return { file, mlpFile, model };
}

/** The cross-fitting fold of a text: by a hash of its text, so repeated lines share a fold. */
function foldOf(example: Example): number {
  return stableHash(`fold:${example.text.trim().toLowerCase()}`) % settings.folds;
}

export interface ShippedModels {
  /** lib/sentiment/model.json's text, exactly as committed. */
  model: string;
  /** lib/sentiment/mlp.json's text. */
  mlp: string;
  /** Kept features and thresholds, for the log. */
  summary: string;
}

/** Everything `npm run sentiment:train` does but writing: the shipped files' texts, from data/sentiment. */
export function trainShippedModels(log: (line: string) => void = () => {}): ShippedModels {
  const started = performance.now();
  log(`reading corpora from ${sentimentDataDir()}`);
  const lexicon = readVaderLexicon();
  // Everything but the test splits trains: GoEmotions train + dev, XED's train and dev buckets.
  const all = [
    ...loadSplit('goemotions', 'train'),
    ...loadSplit('goemotions', 'dev'),
    ...loadSplit('xed', 'train'),
    ...loadSplit('xed', 'dev'),
  ];
  const featurized = featurizeForTraining(all, lexicon);
  const folds = all.map(foldOf);
  log(`${all.length} training texts; ${settings.folds} folds for the thresholds, then the final fit`);

  // Out-of-fold scores: each text scored by the models fitted without its fold.
  const outOfFold: Record<'goemotions' | 'xed', ScoredTexts[]> = { goemotions: [], xed: [] };
  for (let fold = 0; fold < settings.folds; fold++) {
    const { model } = fitModels(
      featurized.filter((_, i) => folds[i] !== fold),
      lexicon,
    );
    const foldTexts = all.filter((_, i) => folds[i] === fold);
    for (const corpus of ['goemotions', 'xed'] as const) {
      outOfFold[corpus].push(
        scoreTexts(
          model,
          foldTexts.filter((example) => example.corpus === corpus),
        ),
      );
    }
    log(`  fold ${fold + 1}/${settings.folds} done at ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const heldOut = { goemotions: concatScores(outOfFold.goemotions), xed: concatScores(outOfFold.xed) };

  const { file, mlpFile } = fitModels(featurized, lexicon);
  const emotionThresholds = tuneEmotionThresholds([heldOut.goemotions, heldOut.xed]);
  const polarityThresholds = tunePolarityThresholds(heldOut.goemotions);
  file.thresholds = [...emotionThresholds, 0, 0];
  file.thresholds[positiveHead] = polarityThresholds.positive;
  file.thresholds[negativeHead] = polarityThresholds.negative;
  return {
    model: `${JSON.stringify(file)}\n`,
    mlp: `${JSON.stringify(mlpFile)}\n`,
    summary: `kept ${Buffer.from(file.vocabulary, 'base64').length / 4} features; thresholds ${file.thresholds.join(' ')}`,
  };
}

/** The shipped files whose committed text differs from a rebuild's (none when the weights are current). */
export function staleShippedFiles(built: ShippedModels): URL[] {
  return [
    { path: modelPath, text: built.model },
    { path: mlpPath, text: built.mlp },
  ]
    .filter(({ path, text }) => readFileSync(path, 'utf8') !== text)
    .map(({ path }) => path);
}

/** `--check`: rebuild in memory and compare with the committed files instead of writing them. */
function main(): void {
  const check = process.argv.includes('--check');
  const started = performance.now();
  const built = trainShippedModels((line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(built.summary);
  if (check) {
    const differing = staleShippedFiles(built);
    for (const path of differing) console.error(`${path.pathname} differs from the rebuilt weights`);
    console.log(differing.length ? 'check failed' : `the committed weights match the rebuild (${seconds} s)`);
    process.exit(differing.length ? 1 : 0);
  }
  writeFileSync(modelPath, built.model);
  writeFileSync(mlpPath, built.mlp);
  console.log(`wrote ${modelPath.pathname} and ${mlpPath.pathname} in ${seconds} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
