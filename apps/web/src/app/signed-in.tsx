import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { type Account, isActingAs } from '@ricambi/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Dropdown } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/account.api.ts';
import { ActAsBar } from '../features/act-as/ActAsBar.tsx';
import { BannerHost } from '../features/banners/BannerHost.tsx';
import { CartDropdown } from '../features/cart/CartDropdown.tsx';
import { TicketNavBadge } from '../features/tickets/TicketNavBadge.tsx';
import { navEntries, type ThemeFlags } from '../lib/navigation.ts';
import { ROUTES } from './routes.ts';

/**
 * The parts of the shell only a signed-in user sees: the cart, the administration and account menus,
 * the act-as bar and the banner dialogs. Their own chunk, loaded before the first signed-in page
 * renders (app/layout.tsx), so that the sign-in page does not carry them.
 */

/** Counts shown beside main-menu entries, by route name: the tickets waiting for the user (spec 2 §2). */
export const NAV_BADGES: Readonly<Record<string, ComponentType>> = { ticket: TicketNavBadge };

type HeaderProps = { account: Account; flags: ThemeFlags; pathname: string; color: string };

/** The cart and the administration menu, before the language button. */
export const SignedInTools = ({ account, flags, pathname, color, wide }: HeaderProps & { wide: boolean }) => {
  const { t } = useTranslation();
  const adminEntries = navEntries(ROUTES, 'admin', account, flags);
  return (
    <>
      <CartDropdown color={color} />
      {adminEntries.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            selectedKeys: [pathname],
            items: adminEntries.map((r) => ({ key: r.path, label: <Link to={r.path}>{t(r.titleKey)}</Link> })),
          }}
        >
          <Button
            type="text"
            icon={<SettingOutlined />}
            style={{ color }}
            data-testid="admin-menu"
            aria-label={t('admin.menu.title')}
          >
            {wide ? t('admin.menu.title') : null}
          </Button>
        </Dropdown>
      ) : null}
    </>
  );
};

/** The account menu (settings, password, sessions, sign-out), after the language button. */
export const AccountMenu = ({
  account,
  flags,
  color,
  showLogin,
}: Omit<HeaderProps, 'pathname'> & { showLogin: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  // While acting, the account pages belong to someone else: they are not offered (the server refuses them).
  const accountEntries = isActingAs(account) ? [] : navEntries(ROUTES, 'account', account, flags);
  // mutateAsync, not mutate's callbacks: clearing the account unmounts this menu, and callbacks given
  // to mutate do not run once their component is gone, which left the user on the page signed out.
  const onLogout = () =>
    void logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        sessionStorage.removeItem('ricambi.previousUrl');
        void navigate({ to: '/login' });
      });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...accountEntries.map((r) => ({ key: r.path, label: <Link to={r.path}>{t(r.titleKey)}</Link> })),
          ...(accountEntries.length > 0 ? [{ type: 'divider' as const }] : []),
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: t('global.menu.account.logout'),
            onClick: onLogout,
          },
        ],
      }}
    >
      <Button type="text" icon={<UserOutlined />} style={{ color }} data-testid="account-menu">
        {showLogin ? account.login : null}
      </Button>
    </Dropdown>
  );
};

/** Below the header: the act-as bar while acting as someone else, and the banner dialogs. */
export const SignedInBars = ({ account, top }: { account: Account; top: number }) => (
  <>
    {isActingAs(account) ? <ActAsBar account={account} top={top} /> : null}
    <BannerHost />
  </>
);
