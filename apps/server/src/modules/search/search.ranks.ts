/**
 * A word's articles as the full reindex listed them (search_word.ranks): their ranks in code order,
 * 4 bytes each, big-endian, ascending.
 */
export const decodeRanks = (bytes: Uint8Array): Uint32Array => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ranks = new Uint32Array(bytes.byteLength >>> 2);
  for (let i = 0; i < ranks.length; i++) ranks[i] = view.getUint32(i * 4);
  return ranks;
};

/** The ranks in any of the lists, ascending, each once: merged through a bitmap, linear in ranks and lists. */
export const unionOf = (lists: readonly Uint32Array[]): Uint32Array => {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? new Uint32Array(0);
  let highest = 0;
  let total = 0;
  for (const list of nonEmpty) {
    highest = Math.max(highest, list[list.length - 1] as number);
    total += list.length;
  }
  const bits = new Uint32Array((highest >>> 5) + 1);
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

/** The ranks in every one of the lists, ascending (shortest list first, each other one searched by halves). */
export const intersectionOf = (lists: readonly Uint32Array[]): Uint32Array => {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  if (!shortest) return new Uint32Array(0);
  const kept = new Uint32Array(shortest.length);
  let n = 0;
  const from = others.map(() => 0);
  outer: for (const rank of shortest) {
    for (let o = 0; o < others.length; o++) {
      const list = others[o] as Uint32Array;
      let lo = from[o] as number;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((list[mid] as number) < rank) lo = mid + 1;
        else hi = mid;
      }
      from[o] = lo;
      if (lo >= list.length) break outer;
      if (list[lo] !== rank) continue outer;
    }
    kept[n++] = rank;
  }
  return kept.subarray(0, n);
};
