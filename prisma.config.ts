// Prisma CLI configuration. The CLI is only used for `prisma generate` here; migrations are
// applied by scripts/db.ts (see README, "Database"), which works offline.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused' },
});
