import { describe, expect, it } from 'vitest';
import { describeUserAgent, formatBytes, formatDuration } from './format.ts';

describe('describeUserAgent', () => {
  it('names browser and system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
      ),
    ).toBe('Edge · Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
      ),
    ).toBe('Safari · iPadOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox · Linux',
    );
  });
  it('keeps an unknown agent as it is', () => {
    expect(describeUserAgent('curl/8.0')).toBe('curl/8.0');
    expect(describeUserAgent(null)).toBe('');
  });
});

describe('formatBytes and formatDuration', () => {
  it('shows sizes in binary units in the given language', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(52_428_800, 'it')).toBe('50 MB');
    expect(formatBytes(3.25 * 1024 ** 3, 'it')).toBe('3,3 GB');
  });
  it('shows an uptime in days, hours and minutes', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(5 * 60 + 7)).toBe('5m');
    expect(formatDuration(2 * 3600)).toBe('2h 0m');
    expect(formatDuration(3 * 86_400 + 5 * 60)).toBe('3d 0h 5m');
  });
});
