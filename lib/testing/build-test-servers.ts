// Vitest global setup: bundles the servers once per run (scripts/build-servers.ts, into
// .data/test-servers/), so the tests that start the API server as a child process start plain
// JavaScript, as production does, instead of compiling it through tsx at every start (about a
// second each on a busy two-core machine, for some twenty starts). Built from the sources as
// they are now, so a test never runs an old bundle.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const TEST_SERVERS_DIR = '.data/test-servers';
/** Read by lib/api/__tests__/support/api-server-process.ts in the workers, which inherit it. */
export const API_SERVER_BUNDLE_ENV = 'TEST_API_SERVER_BUNDLE';
/** Read by lib/testing/console-command.ts: the operator command line, bundled the same way. */
export const CONSOLE_BUNDLE_ENV = 'TEST_CONSOLE_BUNDLE';

export default function setup(): void {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-servers.ts', '--out-dir', TEST_SERVERS_DIR, '--console'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  process.env[API_SERVER_BUNDLE_ENV] = path.join(TEST_SERVERS_DIR, 'api-server.js');
  process.env[CONSOLE_BUNDLE_ENV] = path.join(TEST_SERVERS_DIR, 'console.js');
}
