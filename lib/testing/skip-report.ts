// Vitest global setup: collects the skips that lib/testing/require-service.ts records in the
// workers and prints them after the run, so a local green run says what it did not test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SKIP_NOTES_ENV } from './require-service';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitest-skips-'));
  const notes = path.join(dir, 'notes.jsonl');
  // Set before the workers start, so they inherit it.
  process.env[SKIP_NOTES_ENV] = notes;
  return () => {
    let lines: string[] = [];
    try {
      lines = readFileSync(notes, 'utf8').split('\n').filter(Boolean);
    } catch {
      // No file: nothing was skipped.
    }
    rmSync(dir, { recursive: true, force: true });
    const skips = [...new Set(lines)].map(
      (line) => JSON.parse(line) as { file: string; service: string; reason: string },
    );
    if (skips.length === 0) return;
    console.warn(
      `\nSkipped for a missing service (CI fails instead): ${skips.map((s) => `${s.file} (${s.service}: ${s.reason})`).join('; ')}`,
    );
  };
}
