// The layer rules (docs/architecture.md): no import runs from a lower layer up to a higher one.
// Biome's noRestrictedImports matches import strings, not the files they name, so `../server/x`
// and `@/lib/server/x` would need separate patterns per folder depth; this resolves every
// relative and `@/` import to its file and checks the folders instead. Run by `npm test`'s lint
// step (`tsx scripts/lint/import-layers.ts`); scripts/lint/__tests__ proves it catches one.
// Tests (`__tests__/`, `*.test.ts`) are exempt.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folder prefixes a file under `from` must never import. The first matching `from` rule applies. */
export const layerRules: { from: string; never: string[]; why: string }[] = [
  {
    from: 'lib/sentiment/',
    never: ['lib/', 'app/', 'components/'],
    why: 'the sentiment model stands alone (it may import only itself)',
  },
  {
    from: 'lib/db/',
    never: ['lib/server/', 'lib/api/', 'lib/actions/', 'lib/jobs/', 'lib/billing/', 'app/', 'components/'],
    why: 'the database client is a foundation',
  },
  {
    from: 'lib/queue/',
    never: ['lib/server/', 'lib/api/', 'lib/actions/', 'lib/jobs/', 'app/', 'components/'],
    why: 'the queue adds jobs by name, below the code that enqueues',
  },
  {
    from: 'lib/api/',
    never: ['lib/server/', 'lib/auth/', 'lib/actions/', 'lib/jobs/', 'app/', 'components/'],
    why: 'the API process never imports the console',
  },
  {
    from: 'lib/server/',
    never: ['lib/auth/', 'lib/actions/', 'lib/jobs/', 'app/', 'components/'],
    why: 'console logic stands below Auth.js and the session, actions, jobs and pages',
  },
  {
    from: 'lib/jobs/',
    never: ['lib/actions/', 'app/', 'components/'],
    why: 'jobs call lib/server, not the transport or the pages',
  },
  { from: 'lib/', never: ['app/', 'components/'], why: 'lib/ never imports the React tree or the routes' },
  { from: 'components/', never: ['app/'], why: 'components never import routes' },
];

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository-relative paths a file's relative and `@/` imports point at (no extension needed). */
export function importedPaths(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec) continue;
    if (spec.startsWith('@/')) found.push(spec.slice(2));
    else if (spec.startsWith('.')) found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
  }
  return found;
}

/** Every import that breaks a rule, as "file imports target (why)". */
export function layerViolations(files: { file: string; source: string }[]): string[] {
  const problems: string[] = [];
  for (const { file, source } of files) {
    // Tests may cross layers: they seed through lib/server and drive routes, as the house style asks.
    if (file.includes('/__tests__/') || /\.test\.tsx?$/.test(file)) continue;
    const rule = layerRules.find((r) => file.startsWith(r.from));
    if (!rule) continue;
    for (const target of importedPaths(file, source)) {
      const within = target.startsWith(rule.from) || `${target}/` === rule.from;
      if (within) continue;
      if (rule.never.some((prefix) => target.startsWith(prefix) || `${target}/` === prefix)) {
        problems.push(`${file} imports ${target} (${rule.why})`);
      }
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.posix.join(path.relative('.', e.parentPath).split(path.sep).join('/'), e.name))
    .filter((f) => !f.startsWith('lib/generated/'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = ['lib', 'components']
    .flatMap(sourceFiles)
    .map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  const problems = layerViolations(files);
  for (const p of problems) console.error(p);
  console.log(
    problems.length ? `${problems.length} upward imports` : `import layers: ${files.length} files, no upward imports`,
  );
  process.exit(problems.length ? 1 : 0);
}
