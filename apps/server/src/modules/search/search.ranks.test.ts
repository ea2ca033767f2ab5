import { describe, expect, it } from 'vitest';
import { anyOfBlocks, blocksSet, decodeRanks, everyOfBlocks, intersectionOf, unionOf } from './search.ranks.ts';

const list = (...ranks: number[]) => Uint32Array.from(ranks);

describe('search ranks', () => {
  it('reads ranks stored 4 bytes each, big-endian, from any offset of a buffer', () => {
    const bytes = new Uint8Array([9, 0, 0, 0, 1, 0, 1, 0, 0, 255, 255, 255, 255]);
    expect([...decodeRanks(bytes.subarray(1))]).toEqual([1, 65_536, 4_294_967_295]);
    expect([...decodeRanks(new Uint8Array(0))]).toEqual([]);
  });

  it('unites lists in ascending order, each rank once', () => {
    expect([...unionOf([list(1, 5, 9), list(2, 5, 10), list()])]).toEqual([1, 2, 5, 9, 10]);
    expect([...unionOf([list(3, 4)])]).toEqual([3, 4]);
    expect([...unionOf([list(100_000), list(2)])]).toEqual([2, 100_000]);
    expect([...unionOf([list(31, 32, 63), list(0, 31, 64)])]).toEqual([0, 31, 32, 63, 64]);
  });

  it('keeps the ranks every list has', () => {
    expect([...intersectionOf([list(1, 3, 5, 7, 9), list(3, 4, 5, 9), list(0, 3, 9, 12)])]).toEqual([3, 9]);
    expect([...intersectionOf([list(1, 2), list()])]).toEqual([]);
    expect([...intersectionOf([list(8, 9)])]).toEqual([8, 9]);
    expect([...intersectionOf([])]).toEqual([]);
  });

  // A seeded generator: the same lists on every run.
  const random = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const randomList = (next: () => number, length: number, highest: number) =>
    Uint32Array.from(new Set(Array.from({ length }, () => Math.floor(next() * highest)))).sort();

  it('unites and intersects as sets do, for sparse and dense lists alike', () => {
    const next = random(17);
    for (let round = 0; round < 200; round++) {
      const highest = [64, 5_000, 1_000_000][round % 3] as number;
      const lists = Array.from({ length: 1 + (round % 4) }, () =>
        randomList(next, Math.floor(next() * (round % 2 === 0 ? 40 : 3_000)), highest),
      );
      const all = lists.flatMap((l) => [...l]);
      expect([...unionOf(lists)]).toEqual([...new Set(all)].sort((a, b) => a - b));
      const every = [...new Set(all)].filter((r) => lists.every((l) => l.includes(r))).sort((a, b) => a - b);
      expect([...intersectionOf(lists)]).toEqual(every);
    }
  });

  it('decodes what was encoded, whatever the length', () => {
    const ranks = [0, 1, 255, 256, 65_535, 1_000_000, 4_294_967_295];
    const bytes = new Uint8Array(ranks.length * 4 + 3);
    const view = new DataView(bytes.buffer);
    for (const [i, r] of ranks.entries()) view.setUint32(3 + i * 4, r);
    expect([...decodeRanks(bytes.subarray(3))]).toEqual(ranks);
  });

  it('combines block summaries: any sets a block one of them sets, every one they all set', () => {
    expect(anyOfBlocks(['0101', '0011', '0000'])).toBe('0111');
    expect(everyOfBlocks(['0111', '1101'])).toBe('0101');
    expect(anyOfBlocks(['0110'])).toBe('0110');
    expect(everyOfBlocks(['1111', '11'])).toBe('1100');
    expect(anyOfBlocks(['0010', '1'])).toBe('1010');
    expect(anyOfBlocks([])).toBe('');
    expect(blocksSet('0110100')).toBe(3);
    expect(blocksSet('0000')).toBe(0);
    expect(blocksSet('')).toBe(0);
  });
});
