// lib/env.ts, the configuration table (docs/configuration.md), .env.example and the README's main
// settings must name the same variables: a variable added to one and forgotten in another fails
// here. Names such as UPSTREAM_<FAMILY>_URL are patterns: <FAMILY> matches any family in capitals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envVariableNames } from '@/lib/env';

const read = (file: string) => readFileSync(path.resolve(file), 'utf8');

/** Backticked variable names in the first cell of each table row of `markdown`. */
function tableVariables(markdown: string): string[] {
  const names: string[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstCell = line.slice(1).split(' | ')[0] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*(?:<FAMILY>[A-Z0-9_]*)?)`/g)) names.push(match[1] ?? '');
  }
  return names;
}

/** Text between `heading` and the next heading of the same level (or the end). */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const level = heading.split(' ')[0];
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n${level} `));
  return end < 0 ? rest : rest.slice(0, end);
}

const isPattern = (name: string) => name.includes('<FAMILY>');
const patternRegex = (name: string) => new RegExp(`^${name.replaceAll('<FAMILY>', '[A-Z][A-Z0-9]*')}$`);

/** Whether `name` is in `listed`, directly or through a pattern (and a pattern through one listed instance). */
function covered(name: string, listed: readonly string[]): boolean {
  if (listed.includes(name)) return true;
  if (isPattern(name)) return listed.some((other) => patternRegex(name).test(other));
  return listed.some((other) => isPattern(other) && patternRegex(other).test(name));
}

function codeFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'generated' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...codeFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry)) files.push(full);
  }
  return files;
}

const code = [...['lib', 'scripts', 'e2e', 'app'].flatMap(codeFiles), '.ci/run', 'playwright.config.ts']
  .filter((file) => file !== path.join('lib', 'env.ts'))
  .map(read)
  .join('\n');

/** Whether some code reads the variable: its name, or for a pattern its prefix built with `${…}` and its suffix. */
function readInCode(name: string): boolean {
  if (!isPattern(name)) return new RegExp(`\\b${name}\\b`).test(code);
  const [prefix = '', suffix = ''] = name.split('<FAMILY>');
  return code.includes(`${prefix}\${`) && (suffix === '' || code.includes(suffix));
}

const configuration = read('docs/configuration.md');
const appTable = tableVariables(section(configuration, '## The app'));
const toolTable = tableVariables(section(configuration, '## Tests, benches and tools'));
const example = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '');
const readmeTable = tableVariables(section(read('README.md'), '## Main settings'));
const schema = envVariableNames();

describe('the configuration documents and lib/env.ts list the same variables', () => {
  it('every variable of lib/env.ts is in the configuration table', () => {
    expect(schema.filter((name) => !covered(name, appTable))).toEqual([]);
  });

  it('every variable of lib/env.ts is in .env.example', () => {
    expect(schema.filter((name) => !covered(name, example))).toEqual([]);
  });

  it('every variable of .env.example is in the configuration table', () => {
    expect(example.filter((name) => !covered(name, appTable))).toEqual([]);
  });

  it('every variable of the configuration table is in .env.example', () => {
    expect(appTable.filter((name) => !covered(name, example))).toEqual([]);
  });

  it('every documented variable that lib/env.ts does not parse is read somewhere in the code', () => {
    const outsideSchema = [...appTable.filter((name) => !schema.includes(name)), ...toolTable];
    expect(outsideSchema.filter((name) => !readInCode(name))).toEqual([]);
  });

  it('every variable of the README main settings is in the configuration table', () => {
    expect(readmeTable.length).toBeGreaterThan(5);
    expect(readmeTable.filter((name) => !covered(name, appTable))).toEqual([]);
  });

  it('product code reads the environment through lib/env.ts only', () => {
    // Outside lib/env.ts, process.env belongs to test support, to the tools of scripts/ (each a
    // program of its own: run.ts composes its children's environment, the benchmarks take their
    // knobs) and to the Stripe emulator, which runs as a program of its own and writes its address
    // into the environment of the process it starts for (ensure-running.ts).
    const productCode = ['lib', 'app', 'components', 'scripts/console']
      .flatMap(codeFiles)
      .concat(path.join('scripts', 'console-server.ts'))
      .filter((file) => !/(^|\/)__tests__\/|\.test\.tsx?$/.test(file))
      .filter(
        (file) =>
          !file.startsWith(path.join('lib', 'testing')) && !file.startsWith(path.join('lib', 'stripe-emulator')),
      )
      .filter((file) => file !== path.join('lib', 'env.ts'));
    expect(productCode.filter((file) => /\bprocess\.env\b/.test(read(file).replace(/^\s*(\/\/|\*).*$/gm, '')))).toEqual(
      [],
    );
  });

  it('names patterns as patterns: a concrete family variable matches its pattern, another prefix does not', () => {
    expect(covered('UPSTREAM_FORUMSITE_URL', ['UPSTREAM_<FAMILY>_URL'])).toBe(true);
    expect(covered('UPSTREAM_<FAMILY>_URL', ['UPSTREAM_NEWS_URL'])).toBe(true);
    expect(covered('UPSTREAM_FORUMSITE_SECRET', ['UPSTREAM_<FAMILY>_URL'])).toBe(false);
  });
});
