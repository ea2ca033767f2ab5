import { describe, expect, it } from 'vitest';
import {
  decimalSeparatorOf,
  describeUserAgent,
  formatBytes,
  formatDayTime,
  formatDuration,
  formatEuro,
  formatOrderDate,
  formatPercent,
  formatWeight,
} from './format.ts';

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

describe('numbers, money, percentages, weights and dates, one way per language', () => {
  it('writes a percentage as the language does, not "35.03%" in Italian', () => {
    expect(formatPercent(35.03, 'it')).toBe('35,03%');
    expect(formatPercent(35.03, 'en')).toBe('35.03%');
    expect(formatPercent(35, 'fr')).toMatch(/^35\s%$/);
    expect(formatPercent(35, 'de')).toMatch(/^35\s%$/);
    expect(formatPercent(null, 'it')).toBe('–');
  });
  it('writes weights with the decimal separator of the language', () => {
    expect(formatWeight(0.898, 'en')).toBe('0.898 kg');
    expect(formatWeight(0.898, 'it')).toBe('0,898 kg');
    expect(formatWeight(1234.5, 'de')).toBe('1.234,5 kg');
  });
  it('writes euro with 2 decimals', () => {
    expect(formatEuro(12, 'it')).toBe('12,00\u00a0€');
    expect(formatEuro(12, 'en')).toBe('€12.00');
  });
  it('writes order dates dd/MM/yyyy everywhere', () => {
    expect(formatOrderDate('2026-12-03')).toBe('03/12/2026');
    expect(formatOrderDate(null)).toBe('–');
  });
});

describe('decimalSeparatorOf and formatDayTime', () => {
  it('gives each language its decimal separator', () => {
    expect(decimalSeparatorOf('it')).toBe(',');
    expect(decimalSeparatorOf('de')).toBe(',');
    expect(decimalSeparatorOf('en')).toBe('.');
  });
  it('shows a date and time as dd/MM/yyyy HH:mm', () => {
    expect(formatDayTime('2026-11-18T08:15:00')).toBe('18/11/2026 08:15');
    expect(formatDayTime(null)).toBe('');
  });
});
