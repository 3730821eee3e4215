// The tokenizer reads ASCII with a hand-written scanner for speed; it must split every text exactly
// as the plain global regex does. The reference below is that regex version, kept as the definition.
import { describe, expect, it } from 'vitest';
import { tokenize, type TokenizedText } from '@/lib/sentiment/tokenizer';
import { loadSplit } from '@/scripts/sentiment/data';
import { seededRandom } from '@/scripts/sentiment/logistic';

const NOISE = /https?:\/\/\S+|www\.\S+|@\w+|\/?\bu\/\w+|\[[A-Z]+\]/g;
const HASHTAG = /#([\p{L}\p{N}_]+)/gu;
const TOKEN =
  /(?:[:;=8][-']?[)(\][dDpP/\\|*oO]|<3|\)[-']?[:;])|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*|\p{Extended_Pictographic}|[!?.,;:]/gu;

function referenceTokenize(text: string): TokenizedText {
  const cues = { exclamations: 0, questions: 0, shoutedWords: 0, letterWords: 0, elongatedWords: 0 };
  const cleaned = text
    .replace(NOISE, ' ')
    .replace(HASHTAG, (_m, body: string) => ` ${body.replace(/_/g, ' ').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')} `);
  const tokens: string[] = [];
  for (const [raw] of cleaned.matchAll(TOKEN)) {
    if (raw.length === 1) {
      if (raw === '!') cues.exclamations++;
      else if (raw === '?') cues.questions++;
      tokens.push(raw.toLowerCase());
      continue;
    }
    let word = raw.toLowerCase();
    if (/\p{L}/u.test(raw)) {
      cues.letterWords++;
      if (word !== raw && !/\p{Ll}/u.test(raw)) cues.shoutedWords++;
    }
    word = word.replace(/’/g, "'");
    const shortened = word.replace(/(\p{L})\1{2,}/gu, '$1$1');
    if (shortened !== word) cues.elongatedWords++;
    tokens.push(shortened);
  }
  return { tokens, cues };
}

// Pieces chosen to hit every branch: ASCII words in all cases, digits and '8', apostrophes both
// straight and curly, emoticons and their look-alikes, accented and caseless letters, combining marks,
// emoji (astral and not), lone surrogates, hashtags, links, mentions and elongations.
const PIECES = [
  'a',
  'I',
  'ok',
  'OK',
  'Ok',
  'SO',
  'good',
  'GOOD',
  'b8r',
  '8',
  '88',
  '8)',
  '8D',
  '8-)',
  'x8',
  '42',
  'l33t',
  "don't",
  "DON'T",
  'don’t',
  "'",
  '’',
  "rock'n'roll",
  "it's",
  "o'",
  ':)',
  ':-(',
  ';p',
  ':D',
  ':/',
  ':\\',
  '=]',
  '<3',
  '<',
  '3',
  ')',
  '):',
  ")':",
  ':',
  ';',
  '=',
  '!',
  '?',
  '.',
  ',',
  '!!!',
  '?!',
  '...',
  ' ',
  '  ',
  '\t',
  '\n',
  '-',
  '_',
  '"',
  '(',
  '*',
  '#',
  '#SoHappy',
  '#so_sad',
  '#',
  '@user',
  'http://x.y/z',
  'www.a.b',
  'u/name',
  '/u/x',
  '[NAME]',
  'café',
  'CAFÉ',
  'naïve',
  'e\u0301',
  '\u0301',
  'Straße',
  'ΣΟΦΙΑ',
  'мир',
  'МИР',
  '日本',
  'عربي',
  '١٢٣',
  'ǅ',
  '😍',
  '😂😂',
  '❤',
  '❤️',
  '👍🏽',
  '©',
  '\ud83d',
  '\ude0d',
  'sooooo',
  'HAPPPPY',
  'yesss',
  'nooo!!!',
  'ééé',
  '111',
];

function randomText(random: () => number): string {
  const count = 1 + Math.floor(random() * 12);
  let text = '';
  for (let i = 0; i < count; i++) text += PIECES[Math.floor(random() * PIECES.length)]!;
  return text;
}

describe('tokenize', () => {
  it('splits as the regex definition does on 20,000 random texts built to hit every branch', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 20_000; i++) {
      const text = randomText(random);
      expect(tokenize(text), JSON.stringify(text)).toEqual(referenceTokenize(text));
    }
  });

  it('splits as the regex definition does on every text of both corpora', () => {
    const texts = (['train', 'dev', 'test'] as const).flatMap((split) =>
      [...loadSplit('goemotions', split), ...loadSplit('xed', split)].map((example) => example.text),
    );
    const mismatches = texts.filter(
      (text) => JSON.stringify(tokenize(text)) !== JSON.stringify(referenceTokenize(text)),
    );
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(texts.length).toBeGreaterThan(70_000);
  });

  it('reads words, emoticons, emoji and the cues lowercasing loses', () => {
    expect(tokenize("SO GOOD!!! I don't know :) 😍 #SoHappy soooo @bob")).toEqual({
      tokens: ['so', 'good', '!', '!', '!', 'i', "don't", 'know', ':)', '😍', 'so', 'happy', 'soo'],
      cues: { exclamations: 3, questions: 0, shoutedWords: 2, letterWords: 7, elongatedWords: 1 },
    });
  });
});
