// `tsx scripts/sentiment/speed-mlp.ts`: the shipped model with and without its blended MLP, alternating
// in one process, best of 12 passes over 10,000 held-out texts in CPU time (steadier than wall time
// on a shared machine). Reads only texts, never labels.
import { readFileSync } from 'node:fs';
import { scoreText, toSentiment } from '../../lib/sentiment/analyze';
import { decodeMlp, type MlpFile } from '../../lib/sentiment/mlp';
import { decodeModel, type ModelFile } from '../../lib/sentiment/model';
import { loadSplit } from './data';

const model = decodeModel(JSON.parse(readFileSync(new URL('../../lib/sentiment/model.json', import.meta.url), 'utf8')) as ModelFile);
const mlp = decodeMlp(JSON.parse(readFileSync(new URL('../../lib/sentiment/mlp.json', import.meta.url), 'utf8')) as MlpFile);
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
