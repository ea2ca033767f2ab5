import type { BannerType } from '@ricambi/domain';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useAcknowledgeBanner, useActiveBanners } from '../../api/banners.api.ts';
import { useActiveTheme } from '../../lib/theme.context.ts';
import { bannerTexts } from './BannerHost.tsx';

/**
 * The first active banner of a type for the signed-in user and the active theme, with its texts in
 * the user's language (e.g. the CHECKOUT banner whose acknowledgement the checkout asks for), and a
 * way to record the acknowledgement.
 */
export const useActiveBanner = (type: BannerType) => {
  const { i18n } = useTranslation();
  const account = useAccount();
  const theme = useActiveTheme();
  const active = useActiveBanners({ login: account?.login, ambiente: theme?.name, type });
  const acknowledge = useAcknowledgeBanner();
  const banner = active.data?.[0];
  return {
    banner,
    ...(banner ? bannerTexts(banner, i18n.language) : { header: '', message: '' }),
    isPending: active.isPending && active.fetchStatus !== 'idle',
    acknowledge: (text?: string) => (banner ? acknowledge.mutateAsync({ id: banner.id, text }) : Promise.resolve()),
  };
};
