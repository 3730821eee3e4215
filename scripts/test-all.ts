// npm test: every check and test. Lint and format (Biome, warnings count as errors) with the
// import layers (scripts/lint/import-layers.ts), unused files, exports and dependencies (knip),
// type check, then unit and integration tests (Vitest, real PostgreSQL), then the browser tests
// (Playwright in Chromium against a production build), each with the test database:
// DATABASE_URL when set, else the embedded server under .data/pg-test.
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['lint', ['node_modules/.bin/biome', 'ci', '--error-on-warnings', '.']],
  ['import layers', ['node_modules/.bin/tsx', 'scripts/lint/import-layers.ts']],
  ['knip', ['node_modules/.bin/knip']],
  ['type check', ['node_modules/.bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  [
    'unit and integration tests',
    ['node_modules/.bin/tsx', 'scripts/run.ts', 'test', 'node_modules/.bin/vitest', 'run'],
  ],
  ['browser tests', ['node_modules/.bin/tsx', 'scripts/run.ts', 'test', 'node_modules/.bin/playwright', 'test']],
];

const results: string[] = [];
let failed = 0;
for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command!, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  results.push(`${status === 0 ? 'passed' : 'FAILED'}  ${name} (${seconds} s)`);
  if (status !== 0) failed++;
}
console.log(`\n${results.join('\n')}`);
console.log(`${steps.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
