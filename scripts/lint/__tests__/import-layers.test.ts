// The layer rules of docs/architecture.md, as npm test's lint step checks them: an upward import is
// caught whether written with `@/` or a relative path, and so is an import cycle, type-only included.
import { describe, expect, test } from 'vitest';
import { importCycles, importedPaths, layerViolations, withoutKnownBreaches } from '../import-layers';

describe('import layers', () => {
  test('resolves relative and @/ imports, dynamic ones too, to repository paths', () => {
    const source =
      "import { a } from '../api/registry/common';\nimport type { B } from '@/lib/server/x';\nimport 'server-only';\nconst m = await import('./model');";
    expect(importedPaths('lib/sentiment/index.ts', source)).toEqual([
      'lib/api/registry/common',
      'lib/server/x',
      'lib/sentiment/model',
    ]);
  });

  test('catches upward imports from the sentiment model, the API process and console logic, and lib/ importing components/', () => {
    const problems = layerViolations([
      { file: 'lib/sentiment/analyze.ts', source: "import { emotionNames } from '../api/registry/common';" },
      {
        file: 'lib/api/process/forward.ts',
        source: "import { clientAddress } from '@/lib/server/auth/client-address';",
      },
      { file: 'lib/server/mail/send-mail.ts', source: "import { enqueueJob } from '@/lib/jobs/queue';" },
      { file: 'lib/api/gateway/spend-caps.ts', source: "import { formatMicros } from '@/components/money';" },
    ]);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe(
      'lib/sentiment/analyze.ts imports lib/api/registry/common (the sentiment model stands alone (it may import only itself))',
    );
  });

  test('keeps the API process off the Prisma client, and the jobs off Prisma and the API process', () => {
    expect(
      layerViolations([
        { file: 'lib/api/gateway/holds.ts', source: "import { db } from '@/lib/db';" },
        { file: 'lib/api/providers/live/quota.ts', source: "const { db } = await import('../../../db');" },
        { file: 'lib/jobs/send-mail.ts', source: "import { db } from '@/lib/db';" },
        { file: 'lib/jobs/fetch-news.ts', source: "import { refresh } from '@/lib/api/providers/live/news/refresh';" },
      ]),
    ).toEqual([
      'lib/api/gateway/holds.ts imports lib/db (the API process reaches PostgreSQL through its own pg pool, never the Prisma client)',
      'lib/api/providers/live/quota.ts imports lib/db (the API process reaches PostgreSQL through its own pg pool, never the Prisma client)',
      'lib/jobs/send-mail.ts imports lib/db (jobs call the use cases of lib/server and lib/ingest, not the database, the API, the transport or the pages)',
      'lib/jobs/fetch-news.ts imports lib/api/providers/live/news/refresh (jobs call the use cases of lib/server and lib/ingest, not the database, the API, the transport or the pages)',
    ]);
  });

  test('still applies the older rules of a folder that has several', () => {
    expect(
      layerViolations([
        { file: 'lib/api/gateway/x.ts', source: "import { a } from '@/lib/server/keys/create-api-key';" },
        { file: 'lib/jobs/x.ts', source: "import { a } from '@/lib/actions/keys';" },
      ]),
    ).toEqual([
      'lib/api/gateway/x.ts imports lib/server/keys/create-api-key (the API process never imports the console, nor the ingest: it reads what the ingest stored in SQL of its own)',
      'lib/jobs/x.ts imports lib/actions/keys (jobs call the use cases of lib/server and lib/ingest, not the database, the API, the transport or the pages)',
    ]);
  });

  test('lets a known breach through, and names a known breach that is gone so the list shrinks', () => {
    const problems = layerViolations([
      { file: 'lib/jobs/send-mail.ts', source: "import { db } from '@/lib/db';" },
      { file: 'lib/jobs/close-month.ts', source: "import { db } from '@/lib/db';" },
    ]);
    const known = [
      { file: 'lib/jobs/send-mail.ts', imports: 'lib/db', until: 'the tasks call lib/server' },
      { file: 'lib/jobs/fetch-news.ts', imports: 'lib/api/providers/sources', until: 'news ingest moves' },
    ];
    expect(withoutKnownBreaches(problems, known)).toEqual({
      problems: [
        'lib/jobs/close-month.ts imports lib/db (jobs call the use cases of lib/server and lib/ingest, not the database, the API, the transport or the pages)',
      ],
      stale: [known[1]],
    });
  });

  test('keeps the Stripe emulator apart from the product, and the Stripe client apart from both', () => {
    const problems = layerViolations([
      {
        file: 'lib/stripe-emulator/invoices.ts',
        source: "import { MINIMUM_CHARGE_CENTS } from '@/lib/server/billing/invoice-amounts';",
      },
      { file: 'lib/stripe-emulator/server.ts', source: "import { stripe } from '../stripe/client';" },
      { file: 'lib/stripe/client.ts', source: "import { startStripeEmulator } from '@/lib/stripe-emulator/server';" },
    ]);
    expect(problems).toEqual([
      'lib/stripe-emulator/invoices.ts imports lib/server/billing/invoice-amounts (the Stripe emulator is a program of its own that stands in for Stripe: it never imports the product)',
      'lib/stripe-emulator/server.ts imports lib/stripe/client (the Stripe emulator is a program of its own that stands in for Stripe: it never imports the product)',
      'lib/stripe/client.ts imports lib/stripe-emulator/server (the Stripe client is a foundation that reaches Stripe, or the emulator, only over HTTP)',
    ]);
    expect(
      layerViolations([{ file: 'lib/stripe-emulator/server.ts', source: "import { createApi } from './api';" }]),
    ).toEqual([]);
  });

  test('lets imports run downwards, within a folder, and from tests', () => {
    expect(
      layerViolations([
        { file: 'lib/sentiment/analyze.ts', source: "import { emotionNames } from './schema';" },
        {
          file: 'lib/server/mail/send-mail.ts',
          source: "import { enqueueJob } from '@/lib/queue/enqueue-job';\nimport { db } from '@/lib/db';",
        },
        { file: 'lib/api/registry/common.ts', source: "import { sentimentSchema } from '../../sentiment/schema';" },
        {
          file: 'lib/api/__tests__/support/harness.ts',
          source: "import { createApiKey } from '@/lib/server/keys/create-api-key';",
        },
        { file: 'app/page.tsx', source: "import { x } from '@/components/x';" },
        { file: 'lib/jobs/send-mail.ts', source: "import { sendMail } from '@/lib/server/mail/send-mail';" },
        { file: 'lib/api/gateway/holds.ts', source: "import pg from 'pg';\nimport { env } from '@/lib/env';" },
        { file: 'lib/api/__tests__/holds.test.ts', source: "import { db } from '@/lib/db';" },
      ]),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  test('catches a cycle made only of `import type`, naming the way round', () => {
    expect(
      importCycles([
        { file: 'lib/docs/price-text.ts', source: "import type { EndpointModel } from './endpoint-model';" },
        { file: 'lib/docs/endpoint-model.ts', source: "export { priceText } from './price-text';" },
      ]),
    ).toEqual(['lib/docs/endpoint-model.ts -> lib/docs/price-text.ts -> lib/docs/endpoint-model.ts']);
  });

  test('catches a longer cycle through @/ imports, index files and dynamic imports, once per cycle', () => {
    const cycles = importCycles([
      { file: 'lib/live/types.ts', source: "import type { Client } from './client';" },
      { file: 'lib/live/client.ts', source: "import type { Politeness } from '@/lib/live/politeness';" },
      { file: 'lib/live/politeness.ts', source: "import type { Limits } from '../live';" },
      { file: 'lib/live/index.ts', source: "export type { Limits } from './types';" },
      { file: 'lib/a.ts', source: "const b = await import('./b');" },
      { file: 'lib/b.tsx', source: "import { a } from '@/lib/a';" },
    ]);
    expect(cycles).toEqual([
      'lib/a.ts -> lib/b.tsx -> lib/a.ts',
      'lib/live/client.ts -> lib/live/politeness.ts -> lib/live/index.ts -> lib/live/types.ts -> lib/live/client.ts',
    ]);
  });

  test('lets imports that only run one way through, and ignores packages and files outside the tree', () => {
    expect(
      importCycles([
        { file: 'lib/live/types.ts', source: "import type { Politeness } from './politeness';\nimport 'server-only';" },
        {
          file: 'lib/live/client.ts',
          source: "import type { Politeness } from './politeness';\nimport { x } from './types';",
        },
        { file: 'lib/live/politeness.ts', source: "import { Redis } from 'ioredis';\nimport { y } from '../missing';" },
      ]),
    ).toEqual([]);
  });
});
