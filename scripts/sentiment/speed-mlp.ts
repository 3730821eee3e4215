// `tsx scripts/sentiment/speed-mlp.ts`: the shipped model with and without its blended MLP, alternating
// in one process, best of 12 passes over 10,000 held-out texts in CPU time (steadier than wall time
// on a shared machine). Reads only texts, never labels.
import { scoreText, toSentiment } from '../../lib/sentiment/analyze';
import { readShippedModel } from '../../lib/sentiment/shipped';
import { loadSplit } from './data';

const model = readShippedModel();
const mlp = model.mlp;
const pool = [...loadSplit('goemotions', 'test'), ...loadSplit('xed', 'test')].map((example) => example.text);
const texts = Array.from({ length: 10_000 }, (_, i) => pool[i % pool.length]!);
const analyze = (text: string) => {
  const scores = scoreText(model, text);
  return scores ? toSentiment(model, scores) : null;
};
const best = [Infinity, Infinity];
for (let round = 0; round < 12; round++) {
  for (const withMlp of [0, 1]) {
    model.mlp = withMlp ? mlp : undefined;
    const before = process.cpuUsage();
    for (const text of texts) analyze(text);
    const used = process.cpuUsage(before);
    best[withMlp] = Math.min(best[withMlp]!, (used.user + used.system) / 1000);
  }
}
const rate = (ms: number): number => Math.round(texts.length / (ms / 1000));
console.log(`best of 12, CPU time: linear alone ${rate(best[0]!)} texts/s, with the MLP ${rate(best[1]!)} texts/s`);
