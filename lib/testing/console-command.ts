// The command line after `node` for `npm run console -- <args>` in the tests: the bundle Vitest's
// global setup built for this run (lib/testing/build-test-servers.ts), else the source through tsx.
import { CONSOLE_BUNDLE_ENV } from './build-test-servers';

export function consoleArgs(args: readonly string[]): string[] {
  const bundle = process.env[CONSOLE_BUNDLE_ENV];
  return bundle
    ? ['--conditions=react-server', bundle, ...args]
    : ['--conditions=react-server', '--import', 'tsx', 'scripts/console.ts', ...args];
}
