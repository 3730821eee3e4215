import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sentimentSchema } from '@/lib/sentiment/schema';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('npm run sentiment (scripts/sentiment/cli.ts)', () => {
  it('turns three stdin lines into three JSON lines, null for the empty one', () => {
    const result = spawnSync('npx', ['tsx', 'scripts/sentiment/cli.ts'], {
      cwd: repoRoot,
      input: 'I love this 😍\n\nThis is awful and I hate it\n',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const [love, empty, hate] = lines.map((line) => sentimentSchema.parse(JSON.parse(line)));
    expect(love?.dominant_emotion).toBe('joy');
    expect(love?.emotions.joy).toBeGreaterThanOrEqual(90);
    expect(empty).toBeNull();
    expect(hate?.polarity).toBe('negative');
  });
});
