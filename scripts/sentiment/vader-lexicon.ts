// Reads the VADER lexicon (MIT, Hutto & Gilbert 2014) shipped inside the vader-sentiment package.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Word or emoticon → mean valence, -4 (most negative) to +4 (most positive). */
export function readVaderLexicon(): Map<string, number> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('vader-sentiment/package.json'));
  const lexicon = new Map<string, number>();
  for (const line of readFileSync(path.join(packageDir, 'vader_lexicon.txt'), 'utf8').split('\n')) {
    const [token, valence] = line.split('\t');
    if (token && valence !== undefined && Number.isFinite(Number(valence)))
      lexicon.set(token.toLowerCase(), Number(valence));
  }
  return lexicon;
}
