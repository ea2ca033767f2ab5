import type { Theme } from './theme.schemas.ts';

// Kept apart from the schemas: the web's shell reads these on every page and takes no zod with them.

/** Spec 1 §1: the theme is chosen by the host name, else by the user's tema, else the default. */
export const resolveTheme = <T extends Pick<Theme, 'name' | 'hostNames' | 'isDefault'>>(
  themes: readonly T[],
  hostName: string | undefined,
  userTema: string | null | undefined,
): T | undefined => {
  const host = hostName?.toLowerCase().replace(/:\d+$/, '');
  return (
    (host ? themes.find((t) => t.hostNames.includes(host)) : undefined) ??
    (userTema ? themes.find((t) => t.name === userTema) : undefined) ??
    themes.find((t) => t.isDefault) ??
    themes[0]
  );
};

export type HomeTarget = 'spare-parts' | 'machine-home' | 'choice';

/** Spec 1 §2.2: tracks only -> spare-parts page; parts only -> machine home; both -> two buttons. */
export const homeTarget = (theme: Pick<Theme, 'canAccessParts' | 'canAccessTracks'>): HomeTarget => {
  if (theme.canAccessTracks && !theme.canAccessParts) return 'spare-parts';
  if (theme.canAccessParts && !theme.canAccessTracks) return 'machine-home';
  return 'choice';
};

/**
 * The area a page or API route belongs to: 'parts' needs the theme's canAccessParts, 'tracks' its
 * canAccessTracks (spec 2 §1); blocked on the server (403) and in the web guard.
 */
export type ThemeArea = 'parts' | 'tracks';
export const themeAllows = (theme: Pick<Theme, 'canAccessParts' | 'canAccessTracks'>, area: ThemeArea) =>
  area === 'parts' ? theme.canAccessParts : theme.canAccessTracks;
