// Feature extraction shared by training and inference, so both see exactly the same view of a text.
import { emotionNames } from './schema';
import { readEmoji } from './emoji';
import { bigramKey, DistinctKeys, hashToken, negatedKey, unigramKey } from './feature-hash';
import { CLAUSE_BREAKS, type TokenizedText } from './tokenizer';

/** Names of the dense (real-valued) features, in the order they sit at the top of the weight matrix. */
export const denseFeatureNames = [
  'lexicon_positive',
  'lexicon_negative',
  'exclamations',
  'question',
  'shouted_share',
  'elongated',
  ...emotionNames.map((name) => `emoji_${name}`),
] as const;
export const denseFeatureCount = denseFeatureNames.length;
/** Row of `emoji_joy`; the eight emoji rows follow in `emotionNames` order. */
export const emojiDenseOffset = denseFeatureNames.indexOf('emoji_joy');

/** Which sparse features a text yields; the shipped model was trained with `defaultFeatureOptions`. */
export interface FeatureOptions {
  /** Character n-gram lengths within words (0 disables them). */
  charMin: number;
  charMax: number;
}

export const defaultFeatureOptions: FeatureOptions = { charMin: 0, charMax: 0 };

export interface TextFeatures {
  /** Distinct sparse feature keys (see feature-hash.ts), in first-seen order: unigrams, negated unigrams, bigrams. */
  keys: readonly number[];
  /**
   * Words whose character n-grams count (one entry per occurrence), empty when the options disable
   * them. The n-grams themselves are made by `pushCharNgramKeys`; the model memoises each word's sum.
   */
  charWords: string[];
  dense: Float64Array;
  /** Emoji valence sum from the hand-written table, used by the polarity prior. */
  emojiValence: number;
  /** Tokens that carry a word, emoticon or emoji; zero means nothing to analyse. */
  contentTokens: number;
}

// Words that open a negation scope. Contractions keep their apostrophe after tokenizing ("don't"),
// so anything ending in "n't" counts as well; apostrophe-less spellings are common on social media.
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'nobody',
  'none',
  'neither',
  'nor',
  'without',
  'cannot',
  'nowhere',
  'dont',
  'cant',
  'wont',
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'didnt',
  'doesnt',
  'hasnt',
  'havent',
  'hadnt',
  'couldnt',
  'shouldnt',
  'wouldnt',
  'aint',
  'mustnt',
  'nope',
  'nah',
]);
/** How many tokens after a negator it reaches when no punctuation ends the clause first. */
const NEGATION_REACH = 3;
/** VADER's scalar for a negated lexicon word: "not good" is mildly negative, not as bad as "bad". */
const NEGATED_VALENCE_SCALE = -0.74;

function isNegator(token: string): boolean {
  return NEGATORS.has(token) || token.endsWith("n't");
}

/** A word worth character n-grams: starts with a letter (Latin or any other script below U+2000). */
function isWordToken(token: string): boolean {
  const code = token.charCodeAt(0);
  return (code >= 97 && code <= 122) || (code >= 0xc0 && code < 0x2000);
}

/** What a token contributes, whatever text it sits in: worked out once per distinct token. */
interface TokenInfo {
  hash: number;
  unigram: number;
  negated: number;
  clauseBreak: boolean;
  negator: boolean;
  /** Whether its character n-grams count (a word, not punctuation, emoji or a number). */
  charWord: boolean;
  /** VADER valence, or undefined when the lexicon lacks the token. */
  valence: number | undefined;
  emojiValence: number;
  /** Rows (within the eight emoji flags) this emoji sets; empty for anything else. */
  emojiEmotions: readonly number[];
}

/** Bounds the memory of a token cache; common tokens stay because it is refilled on demand. */
const TOKEN_CACHE_LIMIT = 50_000;
/** One token cache per lexicon, as a token's valence depends on it. */
const tokenCaches = new WeakMap<ReadonlyMap<string, number>, Map<string, TokenInfo>>();
const distinctKeys = new DistinctKeys();

function readToken(token: string, lexicon: ReadonlyMap<string, number>): TokenInfo {
  const hash = hashToken(token);
  // Every emoji in the table lies above U+2000; skipping the lookup for plain words saves time.
  const emoji = token.charCodeAt(0) > 0x2000 ? readEmoji(token) : undefined;
  return {
    hash,
    unigram: unigramKey(hash),
    negated: negatedKey(hash),
    clauseBreak: CLAUSE_BREAKS.has(token),
    negator: isNegator(token),
    charWord: isWordToken(token),
    valence: lexicon.get(token),
    emojiValence: emoji?.valence ?? 0,
    emojiEmotions: emoji ? emoji.emotions.map((emotion) => emotionNames.indexOf(emotion)) : [],
  };
}

export function extractFeatures(
  text: TokenizedText,
  lexicon: ReadonlyMap<string, number>,
  options: FeatureOptions = defaultFeatureOptions,
): TextFeatures {
  const { tokens, cues } = text;
  let cache = tokenCaches.get(lexicon);
  if (!cache) tokenCaches.set(lexicon, (cache = new Map()));
  const keys = distinctKeys.begin();
  const charWords: string[] = [];
  const useCharNgrams = options.charMax > 0;
  const dense = new Float64Array(denseFeatureCount);
  let positive = 0;
  let negative = 0;
  let emojiValence = 0;
  let contentTokens = 0;
  let negationLeft = 0;
  let previousHash = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    let info = cache.get(token);
    if (!info) {
      if (cache.size >= TOKEN_CACHE_LIMIT) cache.clear();
      info = readToken(token, lexicon);
      cache.set(token, info);
    }
    if (info.clauseBreak) negationLeft = 0;
    else contentTokens++;
    distinctKeys.add(negationLeft > 0 ? info.negated : info.unigram);
    if (index > 0) distinctKeys.add(bigramKey(previousHash, info.hash));
    previousHash = info.hash;
    if (useCharNgrams && info.charWord) charWords.push(token);

    if (info.valence !== undefined) {
      const signed = negationLeft > 0 ? info.valence * NEGATED_VALENCE_SCALE : info.valence;
      if (signed > 0) positive += signed;
      else negative -= signed;
    }
    emojiValence += info.emojiValence;
    for (const emotion of info.emojiEmotions) dense[emojiDenseOffset + emotion] = 1;

    if (negationLeft > 0) negationLeft--;
    if (info.negator) negationLeft = NEGATION_REACH;
  }
  // log1p keeps a long rant from dominating through sheer length while staying monotone.
  dense[0] = Math.log1p(positive / 4);
  dense[1] = Math.log1p(negative / 4);
  dense[2] = Math.min(cues.exclamations, 3) / 3;
  dense[3] = cues.questions > 0 ? 1 : 0;
  dense[4] = cues.letterWords > 0 ? cues.shoutedWords / cues.letterWords : 0;
  dense[5] = cues.elongatedWords > 0 ? 1 : 0;
  return { keys, charWords, dense, emojiValence, contentTokens };
}
