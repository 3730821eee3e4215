// Everything a rebuild of the shipped weights depends on, hashed: the source of the training script
// and of every module it imports (followed through the import graph, so a new dependency counts
// without anyone listing it), the corpora, the VADER lexicon, and the Node version (V8's Math
// functions are not specified bit for bit). Two equal hashes mean a rebuild gives the same bytes,
// so a rebuild's result can be reused until one of these changes.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sentimentDataDir } from './data';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const trainer = path.join(repoRoot, 'scripts/sentiment/train.ts');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|new URL\(\s*)['"]([^'"]+)['"]/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(repoRoot, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined; // a package: covered by the lockfile and the Node version
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
}

/** The trainer and every repository file it reaches through its imports, sorted. */
export function trainerSourceFiles(): string[] {
  const seen = new Set<string>();
  const pending = [trainer];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const resolved = resolveImport(file, specifier!);
      if (resolved) pending.push(resolved);
    }
  }
  return [...seen].sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A hex digest of every input of `trainShippedModels()`. */
export function trainingInputsHash(): string {
  const hash = createHash('sha256');
  const add = (label: string, content: string | Buffer) => {
    hash.update(`${label}\0${content.length}\0`);
    hash.update(content);
  };
  add('node', process.version);
  for (const file of trainerSourceFiles()) add(path.relative(repoRoot, file), readFileSync(file));
  const dataDir = sentimentDataDir();
  for (const file of filesUnder(dataDir)) add(`data/${path.relative(dataDir, file)}`, readFileSync(file));
  const require = createRequire(import.meta.url);
  const vader = path.dirname(require.resolve('vader-sentiment/package.json'));
  add('vader_lexicon.txt', readFileSync(path.join(vader, 'vader_lexicon.txt')));
  add('vader package.json', readFileSync(path.join(vader, 'package.json')));
  return hash.digest('hex');
}
