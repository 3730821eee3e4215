// The layer rules of docs/architecture.md, as npm test's lint step checks them: each upward import
// the issue found (issue 33, item 3) is caught, whether written with `@/` or a relative path.
import { describe, expect, test } from 'vitest';
import { importedPaths, layerViolations } from '../import-layers';

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

  test('catches the three upward imports of issue 33 and lib/ importing components/', () => {
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
          file: 'lib/api/__tests__/harness.ts',
          source: "import { createApiKey } from '@/lib/server/keys/create-api-key';",
        },
        { file: 'app/page.tsx', source: "import { x } from '@/components/x';" },
      ]),
    ).toEqual([]);
  });
});
