// The tree in figures, for an architecture review's before and after (`npm run report:house`):
// rooms (folders holding source files), floors (the written layers and the folders the checker
// knows), arrows up (imports that break the written layers, the rules the checker does not
// enforce yet included), circles (import cycles), the largest files and functions of the product
// code, and the exports no other file imports (knip with ignoreExportsUsedInFile off).
// It only reads and prints, and always exits 0: a figure is something to look at, not a gate
// (that is `npm run lint`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Node, NodeFlags, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { createVirtualFileSystem } from 'typescript/unstable/fs';
import { API } from 'typescript/unstable/sync';
import {
  importCycles,
  type LayerRule,
  layerRules,
  layerViolations,
  sourceFiles,
  withoutKnownBreaches,
} from './import-layers';

type SourceText = { file: string; source: string };

/**
 * Rules docs/architecture.md writes that scripts/lint/import-layers.ts does not enforce yet, so
 * that "arrows up" counts every import that breaks the written layers, not only the checked ones.
 * None today: every written rule is checked.
 */
export const writtenOnlyRules: LayerRule[] = [];

/**
 * The imports that break the checked rules or the written-only ones, once each (with the reason
 * of the first rule it breaks). The written-only rules are checked apart, since a file obeys only
 * the first rule whose folder it is in.
 */
export function arrowsUp(files: readonly SourceText[], writtenOnly: readonly LayerRule[] = writtenOnlyRules): string[] {
  const found = new Map<string, string>();
  for (const problem of [...layerViolations([...files]), ...layerViolations([...files], writtenOnly)]) {
    const arrow = problem.slice(0, problem.indexOf(' ('));
    if (!found.has(arrow)) found.set(arrow, problem);
  }
  return [...found.values()];
}

/** The folders that hold at least one of the files. */
export function rooms(files: readonly string[]): string[] {
  return [...new Set(files.map((f) => path.posix.dirname(f)))].sort();
}

/** The rows of the "Layers and folders" table of docs/architecture.md, by their first cell. */
export function writtenLayers(markdown: string): string[] {
  const section = markdown.split(/^## Layers and folders$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .map((line) => line.split('|')[1]!.trim());
}

function lineCount(source: string): number {
  if (source === '') return 0;
  return source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
}

export interface Measured {
  /** `file` for a file; `file:line name` for a function. */
  where: string;
  lines: number;
}

function largest(measured: Measured[], count: number): Measured[] {
  return measured.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where)).slice(0, count);
}

export function largestFiles(files: readonly SourceText[], count: number): Measured[] {
  return largest(
    files.map(({ file, source }) => ({ where: file, lines: lineCount(source) })),
    count,
  );
}

/** A function's name as a reader looks for it: `name`, `Class.method`, or the `const` it is assigned to. */
function functionName(node: Node): string | null {
  const named = (n: Node | undefined) => (n as { name?: { text?: string } } | undefined)?.name?.text;
  switch (node.kind) {
    case SyntaxKind.FunctionDeclaration:
      return named(node) ?? 'default';
    case SyntaxKind.MethodDeclaration: {
      const owner = node.parent.kind === SyntaxKind.ClassDeclaration ? named(node.parent) : undefined;
      return owner ? `${owner}.${named(node) ?? '?'}` : (named(node) ?? '?');
    }
    case SyntaxKind.ArrowFunction: {
      const declaration = node.parent;
      const isConst =
        declaration.kind === SyntaxKind.VariableDeclaration && (declaration.parent.flags & NodeFlags.Const) !== 0;
      return isConst ? (named(declaration) ?? null) : null;
    }
    default:
      return null;
  }
}

/**
 * The longest functions, by lines from the declaration (its doc comment left out) to its closing
 * brace: function declarations, methods, and arrow functions assigned to a `const`. A function
 * inside another counts on its own as well as within the outer one. Parsed by the TypeScript
 * compiler (its own process, handed the texts through a virtual file system).
 */
export function largestFunctions(files: readonly SourceText[], count: number): Measured[] {
  const root = '/house';
  const config = {
    compilerOptions: { noLib: true, noResolve: true, types: [], jsx: 'preserve' },
    files: [] as string[],
  };
  const texts: Record<string, string> = {};
  for (const { file, source } of files) {
    texts[`${root}/${file}`] = source;
    config.files.push(file);
  }
  texts[`${root}/tsconfig.json`] = JSON.stringify(config);
  const api = new API({ cwd: root, fs: createVirtualFileSystem(texts) });
  try {
    const program = api.updateSnapshot({ openProjects: [`${root}/tsconfig.json`] }).getProjects()[0]!.program;
    const measured: Measured[] = [];
    for (const { file } of files) {
      const sourceFile: SourceFile = program.getSourceFile(`${root}/${file}`)!;
      const lineOf = (pos: number) => sourceFile.getLineAndCharacterOfPosition(pos).line;
      const visit = (node: Node): undefined => {
        const name = functionName(node);
        if (name !== null) {
          // An arrow function is measured from its `const`'s name, where a reader sees it start.
          const start = (node.kind === SyntaxKind.ArrowFunction ? node.parent : node).getStart(sourceFile);
          measured.push({
            where: `${file}:${lineOf(start) + 1} ${name}`,
            lines: lineOf(node.end) - lineOf(start) + 1,
          });
        }
        node.forEachChild(visit);
      };
      visit(sourceFile);
    }
    return largest(measured, count);
  } finally {
    api.close();
  }
}

/** Product code: what the processes and the tools run, not the tests and their support. */
export function isProductCode(file: string): boolean {
  return !/(^|\/)__tests__\//.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.startsWith('lib/testing/');
}

/** knip's unused exports and types with ignoreExportsUsedInFile off: exports no other file imports. */
function unusedExports(): { values: number; types: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'house-report-'));
  try {
    // knip.jsonc is JSON with comments; it is edited as text so that the rest stays as written: the
    // option is switched off, and files excused in `ignoreIssues`, should any be, are counted too.
    const config = readFileSync('knip.jsonc', 'utf8')
      .replace(/"ignoreExportsUsedInFile":\s*true/, '"ignoreExportsUsedInFile": false')
      .replace(/"ignoreIssues":\s*\{[^{}]*\},?/, '');
    writeFileSync(path.join(dir, 'knip.jsonc'), config);
    const report = execFileSync(
      'node_modules/.bin/knip',
      [
        // The whole analysis, not `--include exports,...`: narrowed, knip skips its plugins' entries
        // (Vitest's global setup) and reports exports they use.
        ...['-c', path.join(dir, 'knip.jsonc')],
        ...['--reporter', 'json', '--no-exit-code', '--no-progress', '--no-config-hints'],
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    type Issue = Record<'exports' | 'nsExports' | 'types' | 'nsTypes', unknown[] | undefined>;
    const { issues } = JSON.parse(report) as { issues: Issue[] };
    const sum = (pick: (issue: Issue) => unknown[] | undefined) =>
      issues.reduce((total, issue) => total + (pick(issue)?.length ?? 0), 0);
    return {
      values: sum((i) => i.exports) + sum((i) => i.nsExports),
      types: sum((i) => i.types) + sum((i) => i.nsTypes),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const read = (file: string): SourceText => ({ file, source: readFileSync(file, 'utf8') });
  const code = ['app', 'components', 'lib', 'scripts'].flatMap(sourceFiles);
  const product = code.filter(isProductCode).map(read);
  const folders = rooms(code);
  console.log(`rooms: ${folders.length} folders holding source files under app/, components/, lib/, scripts/`);
  console.log(`  (${rooms(product.map((f) => f.file)).length} without the tests' folders)`);

  const layers = writtenLayers(readFileSync('docs/architecture.md', 'utf8'));
  console.log(`floors: ${layers.length} written layers (docs/architecture.md): ${layers.join(', ')}`);
  console.log(
    `  ${new Set(layerRules.map((r) => r.from)).size} folders with rules checked by scripts/lint/import-layers.ts`,
  );

  const layered = ['lib', 'components'].flatMap(sourceFiles).map(read);
  const arrows = arrowsUp(layered);
  const checked = layerViolations(layered);
  const known = checked.length - withoutKnownBreaches(checked).problems.length;
  console.log(
    `arrows up: ${arrows.length} imports break the written layers (${checked.length} of them break a checked rule, ${known} of those listed as known breaches)`,
  );
  for (const arrow of arrows) console.log(`  ${arrow}`);

  const everything = ['lib', 'components', 'app', 'scripts', 'e2e'].flatMap(sourceFiles).map(read);
  const cycles = importCycles(everything);
  console.log(`circles: ${cycles.length} import cycles among ${everything.length} files`);
  for (const cycle of cycles) console.log(`  ${cycle}`);

  const measured = product.filter((f) => !f.file.startsWith('lib/generated/'));
  console.log(`largest files (${measured.length} files of product code, tests left out):`);
  for (const f of largestFiles(measured, 10)) console.log(`  ${String(f.lines).padStart(5)}  ${f.where}`);
  console.log('largest functions (declarations, methods, arrow functions assigned to a const):');
  for (const f of largestFunctions(measured, 10)) console.log(`  ${String(f.lines).padStart(5)}  ${f.where}`);

  const unused = unusedExports();
  console.log(
    `exports unused: ${unused.values + unused.types} exports no other file imports (knip, ignoreExportsUsedInFile off): ${unused.values} values, ${unused.types} types`,
  );
}
