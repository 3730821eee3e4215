// npm run sentiment: one text per stdin line in, one JSON line out (the sentiment object or null).
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { analyzeSentiment } from '../../lib/sentiment/index';

async function main(): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    // Respect back-pressure so a large input streams through instead of piling up in memory.
    if (!process.stdout.write(`${JSON.stringify(analyzeSentiment(line))}\n`)) await once(process.stdout, 'drain');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
