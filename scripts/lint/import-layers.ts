// The layer rules (docs/architecture.md): no import runs from a lower layer up to a higher one.
// Biome's noRestrictedImports matches import strings, not the files they name, so `../server/x`
// and `@/lib/server/x` would need separate patterns per folder depth; this resolves every
// relative and `@/` import to its file and checks the folders instead. Run by `npm test`'s lint
// step (`tsx scripts/lint/import-layers.ts`); scripts/lint/__tests__ proves it catches one.
// Tests (`__tests__/`, `*.test.ts`) are exempt from the layers. A breach whose fix is under way
// is listed in knownBreaches with the change that removes it.
// It also fails on an import cycle, `import type` included (a type-only cycle is no problem at
// run time, but it ties two modules into one: neither can be read, moved or tested without the
// other); tests are not exempt from that. The shared types go down to the module both sides import.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Folder prefixes a file under `from` must never import. Every rule whose `from` is the first
 * that matches the file applies (a folder may have several, each with its own reason).
 */
export interface LayerRule {
  from: string;
  never: string[];
  why: string;
}

export const layerRules: LayerRule[] = [
  {
    from: 'lib/sentiment/',
    never: ['lib/', 'app/', 'components/'],
    why: 'the sentiment model stands alone (it may import only itself)',
  },
  {
    from: 'lib/db/',
    never: [
      'lib/server/',
      'lib/api/',
      'lib/ingest/',
      'lib/actions/',
      'lib/jobs/',
      'lib/stripe/',
      'lib/stripe-emulator/',
      'app/',
      'components/',
    ],
    why: 'the database client is a foundation',
  },
  {
    from: 'lib/stripe-emulator/',
    never: ['lib/server/', 'lib/api/', 'lib/auth/', 'lib/actions/', 'lib/jobs/', 'lib/stripe/', 'app/', 'components/'],
    why: 'the Stripe emulator is a program of its own that stands in for Stripe: it never imports the product',
  },
  {
    from: 'lib/stripe/',
    never: [
      'lib/server/',
      'lib/api/',
      'lib/auth/',
      'lib/actions/',
      'lib/jobs/',
      'lib/stripe-emulator/',
      'app/',
      'components/',
    ],
    why: 'the Stripe client is a foundation that reaches Stripe, or the emulator, only over HTTP',
  },
  {
    from: 'lib/queue/',
    never: ['lib/server/', 'lib/api/', 'lib/ingest/', 'lib/actions/', 'lib/jobs/', 'app/', 'components/'],
    why: 'the queue adds jobs by name, below the code that enqueues',
  },
  {
    from: 'lib/api/',
    never: [
      'lib/server/',
      'lib/console/',
      'lib/ingest/',
      'lib/auth/',
      'lib/actions/',
      'lib/jobs/',
      'app/',
      'components/',
    ],
    why: 'the API process never imports the console, nor the ingest: it reads what the ingest stored in SQL of its own',
  },
  {
    from: 'lib/ingest/',
    never: [
      'lib/server/',
      'lib/auth/',
      'lib/actions/',
      'lib/jobs/',
      'lib/api/gateway/',
      'lib/api/process/',
      'app/',
      'components/',
    ],
    why: "the ingest fills the tables the API reads, on the live framework's politeness and settings; the worker and the console call it, not the other way",
  },
  {
    from: 'lib/api/',
    never: ['lib/db/'],
    why: 'the API process reaches PostgreSQL through its own pg pool, never the Prisma client',
  },
  {
    from: 'lib/console/',
    never: ['lib/server/', 'lib/auth/', 'lib/actions/', 'lib/jobs/', 'lib/ingest/', 'app/', 'components/'],
    why: "the console process's plumbing toward the API server: above the API it forwards to, below the routes, apart from console logic",
  },
  {
    from: 'lib/server/',
    never: ['lib/auth/', 'lib/actions/', 'lib/jobs/', 'app/', 'components/'],
    why: 'console logic stands below Auth.js and the session, actions, jobs and pages',
  },
  {
    from: 'lib/jobs/',
    never: ['lib/actions/', 'lib/db/', 'lib/generated/', 'lib/api/', 'app/', 'components/'],
    why: 'jobs call the use cases of lib/server and lib/ingest, not the database, the API, the transport or the pages',
  },
  { from: 'lib/', never: ['app/', 'components/'], why: 'lib/ never imports the React tree or the routes' },
  { from: 'components/', never: ['app/'], why: 'components never import routes' },
];

/**
 * Imports that break a rule and are let through until the change that removes them lands, so
 * that the rule already stops every new one. An entry whose import is gone fails the check, so
 * the list only shrinks.
 */
export interface KnownBreach {
  file: string;
  imports: string;
  until: string;
}

export const knownBreaches: KnownBreach[] = [];

/** The problems that are not known breaches, and the known breaches no longer found. */
export function withoutKnownBreaches(
  problems: readonly string[],
  known: readonly KnownBreach[] = knownBreaches,
): { problems: string[]; stale: KnownBreach[] } {
  const isKnown = (problem: string, k: KnownBreach) => problem.startsWith(`${k.file} imports ${k.imports} (`);
  return {
    problems: problems.filter((p) => !known.some((k) => isKnown(p, k))),
    stale: known.filter((k) => !problems.some((p) => isKnown(p, k))),
  };
}

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
export function layerViolations(
  files: { file: string; source: string }[],
  rules: readonly LayerRule[] = layerRules,
): string[] {
  const problems: string[] = [];
  for (const { file, source } of files) {
    // Tests may cross layers: they seed through lib/server and drive routes, as the house style asks.
    if (file.includes('/__tests__/') || /\.test\.tsx?$/.test(file)) continue;
    const from = rules.find((r) => file.startsWith(r.from))?.from;
    if (!from) continue;
    for (const target of importedPaths(file, source)) {
      const within = target.startsWith(from) || `${target}/` === from;
      if (within) continue;
      const broken = rules.find(
        (r) => r.from === from && r.never.some((prefix) => target.startsWith(prefix) || `${target}/` === prefix),
      );
      if (broken) problems.push(`${file} imports ${target} (${broken.why})`);
    }
  }
  return problems;
}

/** The file an imported path names, among `known` (a path without its extension, or a folder's index). */
function resolveImport(target: string, known: ReadonlySet<string>): string | undefined {
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((c) =>
    known.has(c),
  );
}

/**
 * Every import cycle among the files, type-only and dynamic imports included: one per group of
 * files that reach each other, as "a -> b -> a" from the group's first file in name order.
 */
export function importCycles(files: { file: string; source: string }[]): string[] {
  const known = new Set(files.map((f) => f.file));
  const edges = new Map<string, string[]>();
  for (const { file, source } of files) {
    const targets = importedPaths(file, source).flatMap((t) => resolveImport(t, known) ?? []);
    edges.set(file, [...new Set(targets)].sort());
  }
  // Tarjan's strongly connected components, without recursion (a long import chain is fine).
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  for (const root of [...known].sort()) {
    if (order.has(root)) continue;
    const work: { file: string; next: number }[] = [{ file: root, next: 0 }];
    order.set(root, order.size);
    low.set(root, order.get(root)!);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const targets = edges.get(top.file)!;
      if (top.next < targets.length) {
        const target = targets[top.next++]!;
        if (!order.has(target)) {
          order.set(target, order.size);
          low.set(target, order.get(target)!);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(top.file, Math.min(low.get(top.file)!, order.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(top.file)!));
      if (low.get(top.file) !== order.get(top.file)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== top.file);
      if (group.length > 1 || edges.get(top.file)!.includes(top.file)) groups.push(group.sort());
    }
  }
  return groups.map((group) => cyclePath(group, edges).join(' -> ')).sort();
}

/** One way round a group of files that reach each other: the shortest from its first file back to it. */
function cyclePath(group: string[], edges: Map<string, string[]>): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const target of edges.get(file)!) {
      if (!inGroup.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = file; at !== undefined && at !== start; at = cameFrom.get(at)) path.push(at);
        return [start, ...path.slice(1).reverse(), start];
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  return group;
}

/** The TypeScript files under a folder, as repository-relative paths (the generated Prisma client left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.posix.join(path.relative('.', e.parentPath).split(path.sep).join('/'), e.name))
    .filter((f) => !f.startsWith('lib/generated/'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const read = (file: string) => ({ file, source: readFileSync(file, 'utf8') });
  const files = ['lib', 'components'].flatMap(sourceFiles).map(read);
  const { problems, stale } = withoutKnownBreaches(layerViolations(files));
  for (const p of problems) console.error(p);
  for (const k of stale) console.error(`${k.file} no longer imports ${k.imports}: remove it from knownBreaches`);
  // Cycles are looked for everywhere, the routes, the scripts and the browser tests too.
  const everything = [...files, ...['app', 'scripts', 'e2e'].flatMap(sourceFiles).map(read)];
  const cycles = importCycles(everything);
  for (const c of cycles) console.error(`import cycle: ${c}`);
  console.log(
    problems.length
      ? `${problems.length} upward imports`
      : `import layers: ${files.length} files, no upward imports${knownBreaches.length ? ` beyond the ${knownBreaches.length} known (knownBreaches)` : ''}`,
  );
  if (stale.length) console.log(`${stale.length} known breaches no longer found`);
  console.log(cycles.length ? `${cycles.length} import cycles` : `import cycles: ${everything.length} files, no cycle`);
  process.exit(problems.length || stale.length || cycles.length ? 1 : 0);
}
