// Dev-only: `tsx scripts/sentiment/mlp-experiment.ts '<json MlpOptions overrides>' ...` trains the MLP
// (scripts/sentiment/mlp.ts) in memory and prints GoEmotions / XED dev macro-F1 and polarity dev
// macro-recall for the shipped linear model alone, the MLP alone and their logit blends, thresholds
// tuned on the same dev splits as train.ts does. Never reads test.
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { emotionNames } from '../../lib/api/registry/common';
import { emotionProbabilities } from '../../lib/sentiment/emotions';
import { extractFeatures, type TextFeatures } from '../../lib/sentiment/features';
import { decodeMlp, mlpLogits } from '../../lib/sentiment/mlp';
import { decodeModel, headCount, type ModelFile, scoreLogits } from '../../lib/sentiment/model';
import { decidePolarity, type Polarity, polarityProbabilities } from '../../lib/sentiment/polarity';
import { tokenize } from '../../lib/sentiment/tokenizer';
import { type Example, loadSplit } from './data';
import { encode, featurize } from './encode';
import { binaryF1, macroRecall } from './metrics';
import { type MlpExample, type MlpOptions, toMlpFile, trainMlp } from './mlp';
import { readVaderLexicon } from './vader-lexicon';

export const defaultMlpOptions: MlpOptions = {
  buckets: 1 << 16, hidden: 16, heads: headCount, epochs: 3, learningRate: 0.1, dropout: 0, l2: 0, seed: 20200705,
};

const linear = decodeModel(JSON.parse(readFileSync(new URL('../../lib/sentiment/model.json', import.meta.url), 'utf8')) as ModelFile);
const lexicon = readVaderLexicon();
const train = [...loadSplit('goemotions', 'train'), ...loadSplit('xed', 'train')];
const featurized = featurize(train, lexicon, { charMin: 0, charMax: 0 });
const encoded = encode(featurized, []);
const mlpExamples: MlpExample[] = featurized.map((f, i) => ({ keys: Int32Array.from(f.keys), dense: f.dense, targets: encoded[i]!.targets }));

interface DevText { features: TextFeatures | null; linear: Float64Array; mlp: Float64Array; example: Example }
const devCorpora: DevText[][] = [loadSplit('goemotions', 'dev'), loadSplit('xed', 'dev')].map((examples) =>
  examples.map((example) => {
    const features = extractFeatures(tokenize(example.text), linear.lexicon, linear.featureOptions);
    const ok = features.contentTokens > 0;
    return { features: ok ? features : null, linear: ok ? scoreLogits(linear, features) : new Float64Array(headCount), mlp: new Float64Array(headCount), example };
  }),
);
const GRID = Array.from({ length: 90 }, (_, i) => 0.05 + i * 0.01);
const POLARITY_GRID = Array.from({ length: 41 }, (_, i) => 0.1 + i * 0.02);

function evaluate(emotionBlend: number, polarityBlend: number): { go: number; xed: number; pol: number } {
  const blend = (t: DevText): Float64Array => {
    const out = new Float64Array(headCount);
    for (let h = 0; h < headCount; h++) {
      const a = h < emotionNames.length ? emotionBlend : polarityBlend;
      out[h] = (1 - a) * t.linear[h]! + a * t.mlp[h]!;
    }
    return out;
  };
  const scored = devCorpora.map((corpus) => {
    const probs = emotionNames.map(() => new Float64Array(corpus.length));
    const pol: Array<{ positive: number; negative: number } | null> = [];
    corpus.forEach((t, i) => {
      if (!t.features) return pol.push(null);
      const logits = blend(t);
      const p = emotionProbabilities(logits, t.features);
      for (let e = 0; e < emotionNames.length; e++) probs[e]![i] = p[e]!;
      pol.push(polarityProbabilities(logits, t.features));
    });
    return { probs, pol, gold: emotionNames.map((name) => corpus.map((t) => t.example.emotions.includes(name))) };
  });
  const macro = [0, 0];
  emotionNames.forEach((_, e) => {
    let best = { f: -1, each: [0, 0] };
    for (const t of GRID) {
      const each = scored.map((s) => binaryF1(s.probs[e]!, s.gold[e]!, t));
      if (each[0]! + each[1]! > best.f) best = { f: each[0]! + each[1]!, each };
    }
    macro[0]! += best.each[0]! / 8;
    macro[1]! += best.each[1]! / 8;
  });
  const go = devCorpora[0]!;
  const idx = go.map((t, i) => i).filter((i) => go[i]!.example.polarity !== null);
  const gold = idx.map((i) => go[i]!.example.polarity as Polarity);
  let pol = 0;
  for (const positive of POLARITY_GRID)
    for (const negative of POLARITY_GRID) {
      const predicted = idx.map((i): Polarity => {
        const p = scored[0]!.pol[i];
        return p ? decidePolarity(p, { positive, negative }) : 'neutral';
      });
      pol = Math.max(pol, macroRecall(gold, predicted));
    }
  return { go: macro[0]!, xed: macro[1]!, pol };
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
