/**
 * A word's articles as the full reindex listed them (search_word.ranks): their ranks in code order,
 * 4 bytes each, big-endian, ascending.
 */
export const decodeRanks = (bytes: Uint8Array): Uint32Array => {
  const n = bytes.byteLength >>> 2;
  // A fresh, aligned copy whose byte order is swapped in place (native), then read as it lies.
  const copy = Buffer.allocUnsafeSlow(n * 4);
  copy.set(bytes.subarray(0, n * 4));
  if (LITTLE_ENDIAN) copy.swap32();
  return new Uint32Array(copy.buffer, copy.byteOffset, n);
};

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * The ranks in any of the lists, ascending, each once. Lists that are dense in their range are
 * merged through a bitmap (linear in ranks and lists); sparse ones are joined and sorted, so a few
 * short lists far into the code order do not cost a bitmap of every rank before them.
 */
export const unionOf = (lists: readonly Uint32Array[]): Uint32Array => {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? new Uint32Array(0);
  let highest = 0;
  let total = 0;
  for (const list of nonEmpty) {
    highest = Math.max(highest, list[list.length - 1] as number);
    total += list.length;
  }
  const words = (highest >>> 5) + 1;
  if (total * 16 < words) return sortedOnce(nonEmpty, total);
  const bits = new Uint32Array(words);
  for (const list of nonEmpty) {
    for (const rank of list) bits[rank >>> 5] = (bits[rank >>> 5] as number) | (1 << (rank & 31));
  }
  const ranks = new Uint32Array(total);
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      ranks[n++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return ranks.subarray(0, n);
};

/** The lists joined, sorted and each rank kept once. */
const sortedOnce = (lists: readonly Uint32Array[], total: number) => {
  const all = new Uint32Array(total);
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    if (n === 0 || all[i] !== all[n - 1]) all[n++] = all[i] as number;
  }
  return all.subarray(0, n);
};

/**
 * The ranks in every one of the lists, ascending: each rank of the shortest list is looked for in
 * the others from where the last look ended, by steps that double and then by halves, so a look
 * costs the logarithm of the distance skipped, not of the whole list.
 */
export const intersectionOf = (lists: readonly Uint32Array[]): Uint32Array => {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  if (!shortest) return new Uint32Array(0);
  const kept = new Uint32Array(shortest.length);
  let n = 0;
  const from = others.map(() => 0);
  outer: for (const rank of shortest) {
    for (let o = 0; o < others.length; o++) {
      const list = others[o] as Uint32Array;
      const at = firstAtLeast(list, rank, from[o] as number);
      from[o] = at;
      if (at >= list.length) break outer;
      if (list[at] !== rank) continue outer;
    }
    kept[n++] = rank;
  }
  return kept.subarray(0, n);
};

/** The first position at or after `start` whose rank is at least `rank` (the list's length: none). */
const firstAtLeast = (list: Uint32Array, rank: number, start: number) => {
  if (start >= list.length || (list[start] as number) >= rank) return start;
  // list[lo] < rank: double the step until a rank at least `rank` is passed, then halve.
  let lo = start;
  let step = 1;
  while (lo + step < list.length && (list[lo + step] as number) < rank) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, list.length);
  lo += 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Block summaries (search_word.blocks) are texts of '0' and '1', one character a block. In bytes,
 * '0' | '1' is '1' and '0' & '1' is '0', so they are combined a byte at a time.
 */
export const anyOfBlocks = (all: readonly string[]): string => combineBlocks(all, 'any');
export const everyOfBlocks = (all: readonly string[]): string => combineBlocks(all, 'every');

const ZERO = 0x30;

/** Combined over the first summary's blocks: a block missing from a shorter one counts as '0'. */
const combineBlocks = (all: readonly string[], how: 'any' | 'every') => {
  const [first, ...rest] = all;
  if (first === undefined) return '';
  const out = Buffer.from(first, 'latin1');
  for (const blocks of rest) {
    const other = Buffer.from(blocks, 'latin1');
    const shared = Math.min(out.length, other.length);
    if (how === 'any') for (let i = 0; i < shared; i++) out[i] = (out[i] as number) | (other[i] as number);
    else {
      for (let i = 0; i < shared; i++) out[i] = (out[i] as number) & (other[i] as number);
      out.fill(ZERO, shared);
    }
  }
  return out.toString('latin1');
};

/** How many blocks a summary has set. */
export const blocksSet = (blocks: string) => {
  let set = 0;
  for (let i = blocks.indexOf('1'); i !== -1; i = blocks.indexOf('1', i + 1)) set++;
  return set;
};
