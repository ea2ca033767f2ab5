import { resolveTheme, type Theme } from '@ricambi/domain';
import { useQuery } from '@tanstack/react-query';
import { useAccount } from '../api/account.api.ts';
import { themesQuery } from '../api/themes.api.ts';

/** The active brand theme: by host name, else the user's tema, else the default (spec 1 §1). */
export const useActiveTheme = (): Theme | undefined => {
  const themes = useQuery(themesQuery).data;
  const account = useAccount();
  return themes ? resolveTheme(themes, globalThis.location?.hostname, account?.tema) : undefined;
};
