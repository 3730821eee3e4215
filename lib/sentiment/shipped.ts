// The committed weights, decoded: model.json (linear model, thresholds, lexicon) with mlp.json blended in.
import { readFileSync } from 'node:fs';
import { decodeMlp, type MlpFile } from './mlp';
import { decodeModel, type LinearModel, type ModelFile } from './model';

// Each file is named by a literal `new URL('./…', import.meta.url)`: Next's bundler copies such a
// file beside the server build and rewrites the URL to the copy. A computed name (`./${name}`) made
// it bundle every file of this folder and hand back the wrong one (the README), so the console's
// /v1 answered every get_sentiment with null.
const modelFile = new URL('./model.json', import.meta.url);
const mlpFile = new URL('./mlp.json', import.meta.url);

function readJson(file: URL): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Reads and decodes both files; throws when either is missing or malformed. */
export function readShippedModel(): LinearModel {
  const model = decodeModel(readJson(modelFile) as ModelFile);
  // The thresholds in model.json were tuned on the blend with mlp.json: both files or neither.
  model.mlp = decodeMlp(readJson(mlpFile) as MlpFile);
  return model;
}
