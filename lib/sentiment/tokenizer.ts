// Turns raw social text into lowercase tokens plus the surface cues that lowercasing would lose.

/** Surface cues read before lowercasing; the intensity formula and the model's dense features use them. */
export interface TextCues {
  exclamations: number;
  questions: number;
  /** Words of two or more letters written wholly in capitals ("SO", "GOOD"). */
  shoutedWords: number;
  /** Words of two or more letters, the denominator for the shouted share. */
  letterWords: number;
  /** Words whose letters were stretched ("soooo"), counted before they are shortened. */
  elongatedWords: number;
}

export interface TokenizedText {
  tokens: string[];
  cues: TextCues;
}

// URLs, @mentions, Reddit user links and the corpora's anonymisation placeholders ([NAME], [PERSON])
// say nothing about emotion and would otherwise become strong spurious features.
const NOISE = /https?:\/\/\S+|www\.\S+|@\w+|\/?\bu\/\w+|\[[A-Z]+\]/g;
const HASHTAG = /#([\p{L}\p{N}_]+)/gu;
// Emoticons come first so that ":)" is not read as the punctuation ":" followed by ")".
const TOKEN =
  /(?:[:;=8][-']?[)(\]\[dDpP\/\\|*oO]|<3|\)[-']?[:;])|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*|\p{Extended_Pictographic}|[!?.,;:]/gu;
const ELONGATION = /(\p{L})\1{2,}/gu;
const LETTERS = /\p{L}/u;
const HAS_LOWER = /\p{Ll}/u;

/** "#SoHappyToday" → "So Happy Today"; "#so_happy" → "so happy". */
function splitHashtag(_match: string, body: string): string {
  return ` ${body.replace(/_/g, ' ').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')} `;
}

/** Cheap pre-check so the elongation regex runs only on the few words that need it. */
function hasTripleLetter(word: string): boolean {
  for (let i = 2; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code === word.charCodeAt(i - 1) && code === word.charCodeAt(i - 2)) return true;
  }
  return false;
}

function emptyCues(): TextCues {
  return { exclamations: 0, questions: 0, shoutedWords: 0, letterWords: 0, elongatedWords: 0 };
}

export function tokenize(text: string): TokenizedText {
  const cues = emptyCues();
  let cleaned = text.replace(NOISE, ' ');
  if (cleaned.includes('#')) cleaned = cleaned.replace(HASHTAG, splitHashtag);
  const tokens: string[] = [];
  for (const match of cleaned.matchAll(TOKEN)) {
    const raw = match[0];
    if (raw.length === 1) {
      if (raw === '!') cues.exclamations++;
      else if (raw === '?') cues.questions++;
      tokens.push(raw === '’' ? "'" : raw.toLowerCase());
      continue;
    }
    let word = raw.toLowerCase();
    if (LETTERS.test(raw)) {
      cues.letterWords++;
      // Caseless scripts (CJK, Arabic) have no capitals to shout with.
      if (word !== raw && !HAS_LOWER.test(raw)) cues.shoutedWords++;
    }
    if (word.includes('’')) word = word.replace(/’/g, "'");
    // Three or more repeats become two: "happpy" → "happy", "soooo" → "soo".
    if (hasTripleLetter(word)) {
      const shortened = word.replace(ELONGATION, '$1$1');
      if (shortened !== word) cues.elongatedWords++;
      word = shortened;
    }
    tokens.push(word);
  }
  return { tokens, cues };
}

/** Tokens that end a negation scope: clause punctuation. */
export const CLAUSE_BREAKS: ReadonlySet<string> = new Set(['.', ',', '!', '?', ';', ':']);
