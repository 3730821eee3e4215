// The first `npm start` of a fresh clone builds everything it runs: the console and the servers,
// so that the servers do not run through tsx for want of dist/.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildsBeforeStart } from '../builds-before-start';
import { metafileOf, serverBundles } from '../server-bundles';

const cwd = process.cwd();

beforeEach(() => {
  process.chdir(mkdtempSync(path.join(tmpdir(), 'builds-before-start-'))); // a clone with no build outputs
  for (const bundle of Object.values(serverBundles)) {
    mkdirSync(path.dirname(bundle.entry), { recursive: true });
    writeFileSync(bundle.entry, 'export {};');
  }
});
afterEach(() => process.chdir(cwd));

/** What `npm run build` leaves: the console's BUILD_ID and each server's bundle and metafile. */
function buildConsole(): void {
  mkdirSync('.next', { recursive: true });
  writeFileSync('.next/BUILD_ID', 'test');
}
function buildServers(): void {
  mkdirSync('dist', { recursive: true });
  for (const bundle of Object.values(serverBundles)) {
    writeFileSync(bundle.out, '');
    writeFileSync(metafileOf(bundle), JSON.stringify({ inputs: { [bundle.entry]: {} } }));
  }
}

test('a fresh clone builds the console and the servers', () => {
  expect(buildsBeforeStart().map((b) => b.step)).toEqual(['console', 'servers']);
});

test('a console built without the servers (next build alone) builds the servers, saying why', () => {
  buildConsole();
  expect(buildsBeforeStart()).toEqual([{ step: 'servers', reason: 'no dist/api-server.js (npm run build makes it)' }]);
});

test('after npm run build nothing is built again', () => {
  buildConsole();
  buildServers();
  expect(buildsBeforeStart()).toEqual([]);
});
