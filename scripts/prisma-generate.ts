// `prisma generate`, offline. The Prisma CLI insists on a schema-engine binary it would download;
// generation never runs it, so any existing file satisfies the check (see ENVIRONMENT.md).
import { execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  },
});
