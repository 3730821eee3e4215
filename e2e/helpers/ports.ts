// The ports the browser tests serve on (playwright.config.ts starts the servers on them).
/** The console (Next), which also mounts /v1 for the explorer's same-origin calls. */
export const CONSOLE_PORT = 3100;
/** The API server (lib/api/server), where production /v1 traffic goes. */
export const API_PORT = CONSOLE_PORT + 1;
/** The fake GitHub (e2e/fakes/github.ts). */
export const GITHUB_PORT = 3190;
