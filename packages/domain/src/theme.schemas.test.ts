import { describe, expect, it } from 'vitest';
import { homeTarget, resolveTheme } from './theme.rules.ts';

const themes = [
  { name: 'eurocomach', hostNames: ['parts.example.com'], isDefault: true },
  { name: 'tracks', hostNames: ['tracks.example.com'], isDefault: false },
];

describe('resolveTheme (spec 1 §1)', () => {
  it('chooses by host name first, ignoring case and port', () => {
    expect(resolveTheme(themes, 'TRACKS.example.com:8443', 'eurocomach')?.name).toBe('tracks');
  });
  it("falls back to the user's tema", () => {
    expect(resolveTheme(themes, 'localhost', 'tracks')?.name).toBe('tracks');
  });
  it('falls back to the default theme', () => {
    expect(resolveTheme(themes, 'localhost', null)?.name).toBe('eurocomach');
    expect(resolveTheme(themes, undefined, 'unknown')?.name).toBe('eurocomach');
  });
});

describe('homeTarget (spec 1 §2.2)', () => {
  it('sends a tracks-only theme to the spare-parts page', () => {
    expect(homeTarget({ canAccessParts: false, canAccessTracks: true })).toBe('spare-parts');
  });
  it('sends a parts-only theme to the machine home', () => {
    expect(homeTarget({ canAccessParts: true, canAccessTracks: false })).toBe('machine-home');
  });
  it('offers the choice when both are allowed', () => {
    expect(homeTarget({ canAccessParts: true, canAccessTracks: true })).toBe('choice');
  });
});
