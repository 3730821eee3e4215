// Bundles the API server, the job worker and the Stripe emulator into dist/ with esbuild, so that
// production starts plain JavaScript instead of compiling TypeScript through tsx at every start
// (docs/performance.md has the measured difference). Run by `npm run build` after next build.
// Packages stay external (node_modules is needed at run time anyway): native and WebAssembly
// dependencies (pg, Prisma's query compiler) load as they do from source. Our own code, the
// generated Prisma client under lib/generated included, goes into the bundle.
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { metafileOf, serverBundles } from './lib/server-bundles';

// Bundled CommonJS helpers may call require(); give the ES module one.
const banner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Files a module reads beside itself by a literal `new URL('./file', import.meta.url)` (the
 * sentiment model, the emulator's vendored Stripe spec): copied beside the bundle, where the same
 * expression now points, and added to the metafile's inputs so that a change makes it stale.
 */
function copyAssets(metafile: Metafile, outDir: string): void {
  const copied = new Map<string, string>();
  for (const input of Object.keys(metafile.inputs).filter((file) => /\.tsx?$/.test(file))) {
    const code = readFileSync(input, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, ''); // not the comments
    for (const [, name] of code.matchAll(/new URL\(['"]\.\/([^'"]+)['"],\s*import\.meta\.url\)/g)) {
      const source = path.join(path.dirname(input), name!);
      const earlier = copied.get(name!);
      if (earlier && earlier !== source)
        throw new Error(`build-servers: ${earlier} and ${source} would both be ${outDir}/${name}`);
      copied.set(name!, source);
      copyFileSync(source, path.join(outDir, name!));
      metafile.inputs[source] = { bytes: statSync(source).size, imports: [] };
    }
  }
}

// `--out-dir DIR` writes the bundles elsewhere than dist/ (the tests build theirs under .data/).
const outDirFlag = process.argv.indexOf('--out-dir');
const outDir = outDirFlag === -1 ? null : process.argv[outDirFlag + 1];
if (outDirFlag !== -1 && !outDir) throw new Error('build-servers: --out-dir needs a directory');
// `--console` adds the operator command line (scripts/console.ts): the tests run it as a process
// dozens of times, and a bundle starts in two thirds of the time tsx takes. Production runs it
// through `npm run console`, from source.
const consoleBundle = {
  entry: 'scripts/console.ts',
  out: 'dist/console.js',
  conditions: ['react-server'],
  nodeFlags: [],
};
const bundles = [...Object.values(serverBundles), ...(process.argv.includes('--console') ? [consoleBundle] : [])].map(
  (b) => (outDir ? { ...b, out: path.join(outDir, path.basename(b.out)) } : b),
);

const started = performance.now();
for (const bundle of bundles) {
  const result = await build({
    entryPoints: [bundle.entry],
    outfile: bundle.out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    conditions: bundle.conditions,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    banner: { js: banner },
  });
  copyAssets(result.metafile, path.dirname(bundle.out));
  writeFileSync(metafileOf(bundle), JSON.stringify(result.metafile));
}
console.log(
  `Servers bundled into ${outDir ?? 'dist'}/ in ${Math.round(performance.now() - started)} ms: ${bundles
    .map((b) => b.out)
    .join(', ')}`,
);
