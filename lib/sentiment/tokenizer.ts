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
  /(?:[:;=8][-']?[)(\][dDpP/\\|*oO]|<3|\)[-']?[:;])|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*|\p{Extended_Pictographic}|[!?.,;:]/gu;
/** `TOKEN` anchored at `lastIndex`: the scanner's fallback for whatever it does not read itself. */
const TOKEN_AT = new RegExp(TOKEN.source, 'uy');
const ELONGATION = /(\p{L})\1{2,}/gu;
const LETTERS = /\p{L}/u;
const HAS_LOWER = /\p{Ll}/u;

// How the scanner treats each ASCII code: SKIP cannot start a token; PUNCTUATION is a token of its
// own; WORD letters and digits start a word (except '8', which may open an emoticon such as "8)");
// SLOW goes to the regex (':' ';' '=' '8' '<' ')' may open an emoticon).
const SKIP = 0;
const PUNCTUATION = 1;
const WORD = 2;
const SLOW = 3;
/** 1 for the ASCII letters and digits, which continue a word wherever it started. */
const ASCII_ALNUM = new Uint8Array(128).map((_, code) => (/[A-Za-z0-9]/.test(String.fromCharCode(code)) ? 1 : 0));
const ASCII_KIND = new Uint8Array(128).map((_, code) => {
  const char = String.fromCharCode(code);
  if (':;=8<)'.includes(char)) return SLOW;
  if ('!?.,'.includes(char)) return PUNCTUATION;
  return ASCII_ALNUM[code] ? WORD : SKIP;
});

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

/**
 * Splits cleaned text exactly as a global match of `TOKEN` would, but reads plain ASCII words and
 * punctuation with a hand-written scanner: `matchAll` with Unicode property classes was a fifth of the
 * analyzer's time. Wherever the outcome could differ from a plain ASCII run (a character past ASCII,
 * an apostrophe, anything an emoticon can start with), `TOKEN` itself, anchored at that position,
 * decides. tokenizer.test.ts checks the two against each other on both corpora and on random text.
 */
export function tokenize(text: string): TokenizedText {
  const cues = emptyCues();
  let cleaned = text.replace(NOISE, ' ');
  if (cleaned.includes('#')) cleaned = cleaned.replace(HASHTAG, splitHashtag);
  const tokens: string[] = [];
  const length = cleaned.length;
  let i = 0;
  while (i < length) {
    const code = cleaned.charCodeAt(i);
    const kind = code < 128 ? ASCII_KIND[code]! : SLOW;
    if (kind === SKIP) {
      i++;
      continue;
    }
    if (kind === PUNCTUATION) {
      if (code === 33) cues.exclamations++;
      else if (code === 63) cues.questions++;
      tokens.push(cleaned[i]!);
      i++;
      continue;
    }
    if (kind === WORD) {
      let end = i + 1;
      let upper = code <= 90 && code >= 65 ? 1 : 0;
      let lower = code >= 97 ? 1 : 0;
      while (end < length) {
        const next = cleaned.charCodeAt(end);
        if (next >= 128 || !ASCII_ALNUM[next]) break;
        if (next >= 97) lower = 1;
        else if (next >= 65) upper = 1;
        end++;
      }
      const next = end < length ? cleaned.charCodeAt(end) : 0;
      // A letter past ASCII, a mark or an apostrophe may continue the word: let TOKEN read it.
      if (next < 128 && next !== 39) {
        const raw = cleaned.slice(i, end);
        if (end - i === 1) tokens.push(lower || !upper ? raw : raw.toLowerCase());
        else {
          if (upper || lower) {
            cues.letterWords++;
            if (upper && !lower) cues.shoutedWords++;
          }
          pushWord(upper ? raw.toLowerCase() : raw, cues, tokens);
        }
        i = end;
        continue;
      }
    }
    // Everything else (rare): the regex at this very position, as a global match would try it.
    TOKEN_AT.lastIndex = i;
    const match = TOKEN_AT.exec(cleaned);
    if (match) {
      readMatch(match[0], cues, tokens);
      i = TOKEN_AT.lastIndex;
    } else i += isSurrogatePair(cleaned, i) ? 2 : 1;
  }
  return { tokens, cues };
}

/** A failed match moves on by a whole code point, as a global Unicode regex does. */
function isSurrogatePair(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high < 0xdc00 && low >= 0xdc00 && low < 0xe000;
}

/** One token as `TOKEN` matched it: cues read off the raw text, then lowercased and shortened. */
function readMatch(raw: string, cues: TextCues, tokens: string[]): void {
  if (raw.length === 1) {
    if (raw === '!') cues.exclamations++;
    else if (raw === '?') cues.questions++;
    tokens.push(raw.toLowerCase());
    return;
  }
  let word = raw.toLowerCase();
  if (LETTERS.test(raw)) {
    cues.letterWords++;
    // Caseless scripts (CJK, Arabic) have no capitals to shout with.
    if (word !== raw && !HAS_LOWER.test(raw)) cues.shoutedWords++;
  }
  if (word.includes('’')) word = word.replace(/’/g, "'");
  pushWord(word, cues, tokens);
}

/** Three or more repeats become two: "happpy" → "happy", "soooo" → "soo". */
function pushWord(word: string, cues: TextCues, tokens: string[]): void {
  if (hasTripleLetter(word)) {
    const shortened = word.replace(ELONGATION, '$1$1');
    if (shortened !== word) cues.elongatedWords++;
    tokens.push(shortened);
  } else tokens.push(word);
}

/** Tokens that end a negation scope: clause punctuation. */
export const CLAUSE_BREAKS: ReadonlySet<string> = new Set(['.', ',', '!', '?', ';', ':']);
