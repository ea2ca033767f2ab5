import { describe, expect, it } from 'vitest';
import { decodeRanks, intersectionOf, unionOf } from './search.ranks.ts';

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
});
