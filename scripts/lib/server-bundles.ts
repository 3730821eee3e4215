// The servers `npm run build` bundles into dist/ (scripts/build-servers.ts) and how `npm start`
// runs each: the bundle when it exists and is newer than every source file it was built from
// (the inputs esbuild listed in its metafile), else the TypeScript source through tsx.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { apiServerArgs, apiServerNodeFlags } from '../../lib/api/process/node-flags';

export interface ServerBundle {
  /** The TypeScript entry point. */
  entry: string;
  /** The bundle esbuild writes; its metafile is beside it (`.meta.json`). */
  out: string;
  /** Package export conditions, at build time and at run time (the worker reaches 'server-only' code). */
  conditions: string[];
  /** Node flags other than conditions and the loader. */
  nodeFlags: string[];
}

export const serverBundles = {
  api: { entry: 'lib/api/process/main.ts', out: 'dist/api-server.js', conditions: [], nodeFlags: apiServerNodeFlags },
  worker: { entry: 'lib/jobs/worker.ts', out: 'dist/worker.js', conditions: ['react-server'], nodeFlags: [] },
  stripeEmulator: {
    entry: 'lib/stripe-emulator/main.ts',
    out: 'dist/stripe-emulator.js',
    conditions: [],
    nodeFlags: [],
  },
} satisfies Record<string, ServerBundle>;

export type ServerName = keyof typeof serverBundles;

export const metafileOf = (bundle: ServerBundle) => bundle.out.replace(/\.js$/, '.meta.json');

/** Why the bundle cannot be run (missing, or a source changed after it was built), or null. */
export function staleReason(bundle: ServerBundle): string | null {
  if (!existsSync(bundle.out) || !existsSync(metafileOf(bundle))) return `no ${bundle.out} (npm run build makes it)`;
  const built = statSync(bundle.out).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(metafileOf(bundle), 'utf8')) as { inputs: Record<string, unknown> };
  for (const input of Object.keys(inputs)) {
    if (!existsSync(input)) return `${input} is gone since ${bundle.out} was built`;
    if (statSync(input).mtimeMs > built) return `${input} changed after ${bundle.out} was built`;
  }
  return null;
}

/** The command line after `node` for a server: its bundle when fresh, else tsx on its source. */
export function serverArgs(name: ServerName): { args: string[]; compiled: boolean; reason: string | null } {
  const bundle: ServerBundle = serverBundles[name];
  const conditions = bundle.conditions.map((c) => `--conditions=${c}`);
  const reason = staleReason(bundle);
  if (reason === null) return { args: [...bundle.nodeFlags, ...conditions, bundle.out], compiled: true, reason };
  const source = name === 'api' ? apiServerArgs : [...bundle.nodeFlags, ...conditions, '--import', 'tsx', bundle.entry];
  return { args: source, compiled: false, reason };
}
