// npm start runs a server's bundle only when it is fresh: built, and newer than every source it was built from.
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { staleReason, type ServerBundle } from '../server-bundles';

let dir: string;
let bundle: ServerBundle;
const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);
const cwd = process.cwd();

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-bundles-'));
  process.chdir(dir); // metafile inputs are relative to the project root
  mkdirSync('lib');
  mkdirSync('dist');
  writeFileSync('lib/main.ts', 'export {};');
  writeFileSync('lib/model.json', '{}');
  bundle = { entry: 'lib/main.ts', out: 'dist/main.js', conditions: [], nodeFlags: [] };
});
afterEach(() => process.chdir(cwd));

function build(seconds: number): void {
  writeFileSync(bundle.out, '');
  writeFileSync('dist/main.meta.json', JSON.stringify({ inputs: { 'lib/main.ts': {}, 'lib/model.json': {} } }));
  at(bundle.out, seconds);
}

test('a bundle not built yet is not run', () => {
  expect(staleReason(bundle)).toBe('no dist/main.js (npm run build makes it)');
});

test('a bundle newer than all its sources is run', () => {
  at('lib/main.ts', 1_000);
  at('lib/model.json', 1_000);
  build(2_000);
  expect(staleReason(bundle)).toBeNull();
});

test('a bundle older than one of its sources (or an asset it copied) is not run, and the reason names it', () => {
  at('lib/main.ts', 1_000);
  at('lib/model.json', 3_000);
  build(2_000);
  expect(staleReason(bundle)).toBe('lib/model.json changed after dist/main.js was built');
});
