// The committed weights, decoded: model.json (linear model, thresholds, lexicon) with mlp.json blended in.
import { readFileSync } from 'node:fs';
import { decodeMlp, type MlpFile } from './mlp';
import { decodeModel, type LinearModel, type ModelFile } from './model';

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));
}

/** Reads and decodes both files; throws when either is missing or malformed. */
export function readShippedModel(): LinearModel {
  const model = decodeModel(readJson('model.json') as ModelFile);
  // The thresholds in model.json were tuned on the blend with mlp.json: both files or neither.
  model.mlp = decodeMlp(readJson('mlp.json') as MlpFile);
  return model;
}
