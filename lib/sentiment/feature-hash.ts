// Sparse features are 30-bit hashes rather than strings: a bigram never has to be built as a string,
// and lookups go to a flat integer table instead of a string Map of ~80k keys, which halves the cost
// per text. 30 bits keep every key a V8 small integer. Distinct training features collide about once
// in the whole vocabulary, and an unseen feature hits a vocabulary slot about once in 14,000
// lookups: both far below what moves a score.

const HASH_MASK = 0x3fffffff;
const UNIGRAM_SALT = 0x2545f491;
const NEGATED_SALT = 0x6b43a9b5;
const BIGRAM_SALT = 0x1b873593;
const CHAR_SALT = 0x5bd1e995;

/** FNV-1a over UTF-16 code units. */
export function hashToken(token: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return hash;
}

/** MurmurHash3's finaliser, so that salted keys spread over the whole range. */
function finalize(value: number): number {
  let h = value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) & HASH_MASK;
}

export function unigramKey(tokenHash: number): number {
  return finalize(tokenHash ^ UNIGRAM_SALT);
}

/** A word inside a negation scope ("not [happy]") is a different feature from the plain word. */
export function negatedKey(tokenHash: number): number {
  return finalize(tokenHash ^ NEGATED_SALT);
}

export function bigramKey(previousHash: number, tokenHash: number): number {
  return finalize(Math.imul(previousHash, 0x9e3779b1) ^ tokenHash ^ BIGRAM_SALT);
}

/**
 * Character n-grams of one word, padded with '#' at both ends ("#happy#" → "#h", "#ha", "happ",
 * "ppy#", ...), for every length from `min` to `max`, appended to `out`. The hash rolls along the
 * window, so each n-gram costs one multiply, not a substring. Robust to misspellings and inflection.
 */
export function pushCharNgramKeys(word: string, min: number, max: number, out: number[]): void {
  const length = word.length + 2;
  for (let start = 0; start < length; start++) {
    let hash = 0x811c9dc5;
    const end = Math.min(length, start + max);
    for (let i = start; i < end; i++) {
      const code = i === 0 || i === length - 1 ? 35 : word.charCodeAt(i - 1);
      hash = Math.imul(hash ^ code, 0x01000193);
      if (i - start + 1 >= min) out.push(finalize(hash ^ CHAR_SALT));
    }
  }
}

/**
 * Open-addressing table from feature key to weight row; built once when the model loads. Each slot
 * holds the key (+ 1, so that 0 means empty) next to its row, so a lookup reads one cache line.
 */
export class FeatureTable {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(keys: ArrayLike<number>, firstRow: number) {
    let size = 1;
    while (size < keys.length * 2) size *= 2;
    this.mask = size - 1;
    this.slots = new Int32Array(size * 2);
    for (let i = 0; i < keys.length; i++) {
      let slot = keys[i]! & this.mask;
      while (this.slots[2 * slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[2 * slot] = keys[i]! + 1;
      this.slots[2 * slot + 1] = firstRow + i;
    }
  }

  /** Weight row of a key, or -1 when the key is not in the vocabulary. */
  rowOf(key: number): number {
    const { slots, mask } = this;
    const stored = key + 1;
    let slot = key & mask;
    for (;;) {
      const found = slots[2 * slot]!;
      if (found === stored) return slots[2 * slot + 1]!;
      if (found === 0) return -1;
      slot = (slot + 1) & mask;
    }
  }
}

/**
 * Collects one text's distinct feature keys in first-seen order (what a Set would give), with a
 * table reused from text to text: a slot counts only when it carries the current text's stamp, so
 * starting a text clears nothing.
 */
export class DistinctKeys {
  private slots = new Int32Array(1024);
  private stamps = new Uint32Array(1024);
  private mask = 1023;
  private stamp = 0;
  private current: number[] = [];

  /** Starts a new text; returns the array that `add` fills. */
  begin(): number[] {
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    this.current = [];
    return this.current;
  }

  add(key: number): void {
    // Keep the table at most half full; a text of 4,000 characters has at most ~8,000 keys.
    if (this.current.length * 2 >= this.mask) this.grow();
    if (this.insert(key)) this.current.push(key);
  }

  /** Puts a key in the table; false when the current text already has it. */
  private insert(key: number): boolean {
    const { slots, stamps, stamp, mask } = this;
    let slot = key & mask;
    while (stamps[slot] === stamp) {
      if (slots[slot] === key) return false;
      slot = (slot + 1) & mask;
    }
    stamps[slot] = stamp;
    slots[slot] = key;
    return true;
  }

  private grow(): void {
    const size = this.slots.length * 2;
    this.slots = new Int32Array(size);
    this.stamps = new Uint32Array(size);
    this.mask = size - 1;
    this.stamp = 1;
    for (const key of this.current) this.insert(key);
  }
}
