import { AUTHORITIES, type Theme } from '@ricambi/domain';
import type { DbOrTx } from '../db/client.ts';
import { authority, comboVoci, theme } from '../db/schema/index.ts';
import { REFERENCE_COMBOS } from './reference-combos.data.ts';

type ThemeSeed = Omit<Theme, never> & { sortOrder: number };

/** The two brand themes (spec 1 §1). Inserted when missing; later edits in the database win. */
export const THEMES: ThemeSeed[] = [
  {
    name: 'eurocomach',
    label: 'PARTS',
    title: 'Eurocomach Ricambi',
    logo: '/themes/eurocomach/logo.svg',
    hostNames: ['parts.localhost'],
    canAccessParts: true,
    canAccessTracks: true,
    isDefault: true,
    sortOrder: 1,
    tokens: {
      colorPrimary: '#b44a06',
      colorLink: '#9a3f05',
      colorBgLayout: '#f4f2ef',
      colorHeaderBg: '#22262b',
      colorHeaderText: '#ffffff',
      borderRadius: 4,
      fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
  },
  {
    name: 'tracks',
    label: 'TRACKS',
    title: 'Eurocomach Tracks',
    logo: '/themes/tracks/logo.svg',
    hostNames: ['tracks.localhost'],
    canAccessParts: false,
    canAccessTracks: true,
    isDefault: false,
    sortOrder: 2,
    tokens: {
      colorPrimary: '#0b6e62',
      colorLink: '#095c52',
      colorBgLayout: '#eef2f1',
      colorHeaderBg: '#15191c',
      colorHeaderText: '#ffffff',
      borderRadius: 6,
      fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
  },
];

export const loadReferenceData = async (db: DbOrTx) => {
  await db
    .insert(authority)
    .values(AUTHORITIES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db.insert(theme).values(THEMES).onConflictDoNothing();
  await db.insert(comboVoci).values(REFERENCE_COMBOS).onConflictDoNothing();
};
