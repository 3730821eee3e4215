// Hand-written emoji → Plutchik table (our own work, no third-party lexicon).
// The training corpora (Reddit comments, movie subtitles) hold too few emoji to learn most of them,
// yet captions in any language lean on emoji; so each listed emoji adds a fixed prior to the
// emotion logits and counts towards the polarity, on top of whatever the model learned.
import type { EmotionName } from './schema';

type Valence = 1 | -1 | 0;
interface EmojiReading {
  emotions: readonly EmotionName[];
  valence: Valence;
}

const table: Array<[string, readonly EmotionName[], Valence]> = [
  // joy and love
  ['😀😃😄😁😆😊☺🙂😸😺🥳🎉🎊😎✨🌞', ['joy'], 1],
  ['😂🤣😹😝😜😛🤪', ['joy'], 1],
  // Heart eyes are delight first; hearts alone are affection, which is joy and trust.
  ['😍🥰😻🤩', ['joy'], 1],
  ['😘💕💖💗💓💞💘💝❤♥🧡💛💚💙💜🤍🤎🖤💋🌹', ['joy', 'trust'], 1],
  ['😇🤗🫶🙏👏🙌👍👌💯🏆🥇🤝💪🫡', ['trust', 'joy'], 1],
  ['😌😋🤤', ['joy'], 1],
  // anticipation
  ['🤞👀⏳🔜🤔🧐🫣', ['anticipation'], 0],
  ['🔥🚀', ['anticipation', 'joy'], 1],
  // surprise
  ['😮😯😲😳🤯😱🙀😦😧', ['surprise'], 0],
  ['‼⁉❗❕', ['surprise'], 0],
  // fear
  ['😨😰😟😬🥶🫨', ['fear'], -1],
  // sadness
  ['😢😭😿😞😔☹🙁😥😪💔🥀🥺😩😫', ['sadness'], -1],
  // disgust
  ['🤢🤮😷💩🙄😒🤨', ['disgust'], -1],
  // anger
  ['😠😡🤬👿😤💢🖕👎', ['anger'], -1],
];

const readings = new Map<string, EmojiReading>();
for (const [chars, emotions, valence] of table) {
  for (const char of chars) readings.set(char, { emotions, valence });
}
// A scream reads as fear first; 😱 sits with surprise above only for grouping.
readings.set('😱', { emotions: ['fear', 'surprise'], valence: -1 });

export function readEmoji(token: string): EmojiReading | undefined {
  return readings.get(token);
}
