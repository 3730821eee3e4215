// Dev-only: `tsx scripts/sentiment/mlp-experiment.ts '<json MlpOptions overrides>' ...` trains the MLP
// (scripts/sentiment/mlp.ts) in memory and prints GoEmotions / XED dev macro-F1 and polarity dev
// macro-recall for the linear model alone (the shipped recipe, fitted on the train splits), the MLP
// alone and their logit blends, thresholds tuned on the same dev splits as train.ts does. Never reads test.
import { performance } from 'node:perf_hooks';
import { emotionNames } from '../../lib/api/registry/common';
import { emotionProbabilities } from '../../lib/sentiment/emotions';
import { decodeMlp, mlpLogits } from '../../lib/sentiment/mlp';
import { decodeModel, headCount } from '../../lib/sentiment/model';
import { decidePolarity, type Polarity, polarityProbabilities } from '../../lib/sentiment/polarity';
import { loadSplit } from './data';
import { type DevText, devTexts } from './dev-texts';
import { binaryF1, macroRecall } from './metrics';
import { type MlpExample, type MlpOptions, toMlpFile, trainMlp } from './mlp';
import { featurizeForTraining, fitLinear } from './train';
import { type ScoredTexts, tuneEmotionThresholds, tunePolarityThresholds } from './tune';
import { readVaderLexicon } from './vader-lexicon';

export const defaultMlpOptions: MlpOptions = {
  buckets: 1 << 16, hidden: 16, heads: headCount, epochs: 3, learningRate: 0.1, dropout: 0, l2: 0, seed: 20200705,
};

// The linear model of the shipped recipe, fitted here on the train splits: the shipped model.json also
// trained on dev, so it cannot be compared on dev. scoreLogits never reads a blended MLP.
const lexicon = readVaderLexicon();
const train = [...loadSplit('goemotions', 'train'), ...loadSplit('xed', 'train')];
const featurized = featurizeForTraining(train, lexicon);
const { file, encoded } = fitLinear(featurized, lexicon);
const linear = decodeModel(file);
const mlpExamples: MlpExample[] = featurized.map((f, i) => ({ keys: Int32Array.from(f.keys), dense: f.dense, targets: encoded[i]!.targets }));

interface BlendText extends DevText { mlp: Float64Array }
const devCorpora: BlendText[][] = devTexts(linear).map((texts) => texts.map((text) => ({ ...text, mlp: new Float64Array(headCount) })));
function evaluate(emotionBlend: number, polarityBlend: number): { go: number; xed: number; pol: number } {
  const blend = (t: BlendText): Float64Array => {
    const out = new Float64Array(headCount);
    for (let h = 0; h < headCount; h++) {
      const a = h < emotionNames.length ? emotionBlend : polarityBlend;
      out[h] = (1 - a) * t.linear[h]! + a * t.mlp[h]!;
    }
    return out;
  };
  const scored = devCorpora.map((corpus): ScoredTexts => {
    const emotions = emotionNames.map(() => new Float64Array(corpus.length));
    const polarity = corpus.map((t, i) => {
      if (!t.features) return null;
      const logits = blend(t);
      emotionProbabilities(logits, t.features).forEach((p, e) => (emotions[e]![i] = p));
      return polarityProbabilities(logits, t.features);
    });
    return {
      emotions,
      emotionGold: emotionNames.map((name) => corpus.map((t) => t.example.emotions.includes(name))),
      polarity,
      polarityGold: corpus.map((t) => t.example.polarity),
    };
  });
  // Thresholds as train.ts tunes them, here on the same dev splits.
  const thresholds = tuneEmotionThresholds(scored);
  const [go, xed] = scored.map((s) => emotionNames.reduce((sum, _, e) => sum + binaryF1(s.emotions[e]!, s.emotionGold[e]!, thresholds[e]!) / 8, 0));
  const polarityThresholds = tunePolarityThresholds(scored[0]!);
  const labelled = scored[0]!.polarityGold.flatMap((gold, i) => (gold === null ? [] : [{ gold, p: scored[0]!.polarity[i]! }]));
  const pol = macroRecall(
    labelled.map(({ gold }) => gold),
    labelled.map(({ p }): Polarity => (p ? decidePolarity(p, polarityThresholds) : 'neutral')),
  );
  return { go: go!, xed: xed!, pol };
}

const fmt = (r: { go: number; xed: number; pol: number }): string => `go ${r.go.toFixed(4)} xed ${r.xed.toFixed(4)} pol ${r.pol.toFixed(4)}`;
console.log(`linear alone: ${fmt(evaluate(0, 0))}`);
for (const arg of process.argv.slice(2)) {
  const options = { ...defaultMlpOptions, ...(JSON.parse(arg) as Partial<MlpOptions>) };
  const started = performance.now();
  const weights = trainMlp(mlpExamples, options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const mlp = decodeMlp(toMlpFile(weights, options, new Array<number>(headCount).fill(1)));
  for (const corpus of devCorpora) for (const t of corpus) if (t.features) t.mlp.set(mlpLogits(mlp, t.features));
  console.log(`${arg} trained in ${seconds}s`);
  console.log(`  MLP alone: ${fmt(evaluate(1, 1))}`);
  for (const a of [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5]) console.log(`  blend ${a} (polarity 0): ${fmt(evaluate(a, 0))}`);
  for (const a of [0.1, 0.2]) console.log(`  polarity blend ${a}: ${fmt(evaluate(0, a))}`);
}
