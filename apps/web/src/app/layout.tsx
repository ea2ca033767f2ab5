import { GlobalOutlined, HomeOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@ricambi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useMatches, useNavigate, useRouterState } from '@tanstack/react-router';
import { App as AntApp, Button, Dropdown, Flex, Grid, Layout, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../api/account.api.ts';
import { queryKeys } from '../api/keys.ts';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { changeLanguage } from '../i18n/index.ts';
import { connectAlerts } from '../lib/alerts.ts';
import { rememberTarget } from '../lib/guards.ts';
import { navEntries } from '../lib/navigation.ts';
import { useActiveTheme } from '../lib/theme.context.ts';
import { MainNav } from './MainNav.tsx';
import { ROUTES } from './routes.ts';

const ICONS: Record<string, React.ReactNode> = { home: <HomeOutlined /> };
const HEADER_HEIGHT = 64;

type SignedInShell = typeof import('./signed-in.tsx');
let signedInShell: SignedInShell | undefined;

/**
 * The signed-in parts of the shell (app/signed-in.tsx), fetched once. The router awaits it before a
 * signed-in user's page renders, so the header never fills in after the page.
 */
export const loadSignedInShell = async (): Promise<SignedInShell> => {
  signedInShell ??= await import('./signed-in.tsx');
  return signedInShell;
};

/** The signed-in parts once loaded; after a sign-in they come with the navigation that follows it. */
const useSignedInShell = (signedIn: boolean) => {
  const [shell, setShell] = useState(signedInShell);
  useEffect(() => {
    if (signedIn && !shell) void loadSignedInShell().then(setShell, () => undefined);
  }, [signedIn, shell]);
  return signedIn ? (shell ?? signedInShell) : undefined;
};

export const AppLayout = () => {
  const { t, i18n } = useTranslation();
  const { notification } = AntApp.useApp();
  const account = useAccount();
  const theme = useActiveTheme();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSignedInShell(Boolean(account));
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const href = useRouterState({ select: (s) => s.location.href });
  const matches = useMatches();
  const screens = Grid.useBreakpoint();
  const titleKey = matches.at(-1)?.staticData?.titleKey;
  const headerText = theme?.tokens.colorHeaderText ?? '#fff';

  useEffect(() => {
    connectAlerts(notification, () => {
      // A 401 on a non-account call: the session is gone. Sign out locally and go to login.
      queryClient.setQueryData(queryKeys.account.current(), null);
      rememberTarget(window.location.pathname + window.location.search);
      void navigate({ to: '/login' });
    });
  }, [notification, queryClient, navigate]);

  useEffect(() => {
    const page = titleKey ? t(titleKey, { username: account?.login ?? '' }) : '';
    document.title = [page, theme?.title ?? 'Ricambi'].filter(Boolean).join(' · ');
  }, [titleKey, theme, t, account]);

  const flags = { canAccessParts: theme?.canAccessParts ?? true, canAccessTracks: theme?.canAccessTracks ?? true };
  const main = navEntries(ROUTES, 'main', account, flags);
  const anonymousEntries = navEntries(ROUTES, 'anonymous', account, flags);

  // A count beside an entry (the tickets waiting for the user), also on the menu button when folded.
  const badgeOf = (name: string) => {
    const NavBadge = signedIn?.NAV_BADGES[name];
    return NavBadge ? <NavBadge key={name} /> : null;
  };
  const mainItems = main.map((r) => ({
    key: r.path,
    icon: ICONS[r.name],
    label: (
      <>
        <Link to={r.path}>{t(r.titleKey)}</Link>
        {badgeOf(r.name)}
      </>
    ),
  }));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: HEADER_HEIGHT,
        }}
      >
        <Link to="/" aria-label={theme?.title ?? 'Ricambi'} style={{ display: 'flex', alignItems: 'center' }}>
          <img src={theme?.logo ?? '/themes/eurocomach/logo.svg'} alt={theme?.title ?? 'Ricambi'} height={36} />
        </Link>
        <MainNav
          items={mainItems}
          selectedKey={pathname}
          label={t('global.menu.main')}
          color={headerText}
          wide={Boolean(screens.lg)}
          badges={main.map((r) => badgeOf(r.name))}
        />
        <Flex gap={8} align="center">
          {account && signedIn ? (
            <signedIn.SignedInTools
              account={account}
              flags={flags}
              pathname={pathname}
              color={headerText}
              wide={Boolean(screens.lg)}
            />
          ) : null}
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [i18n.language],
              items: LANGUAGES.map((lang) => ({ key: lang, label: t(`global.language.${lang}`) })),
              onClick: ({ key }) => void changeLanguage(key as Language),
            }}
          >
            <Button type="text" icon={<GlobalOutlined />} style={{ color: headerText }} data-testid="language-menu">
              {/* The visible language is part of the button's name (WCAG 2.5.3). */}
              <span className="visually-hidden">{t('global.menu.language')}: </span>
              {screens.md ? t(`global.language.${i18n.language}`) : i18n.language.toUpperCase()}
            </Button>
          </Dropdown>
          {account ? (
            signedIn ? (
              <signedIn.AccountMenu
                account={account}
                flags={flags}
                color={headerText}
                showLogin={Boolean(screens.sm)}
              />
            ) : null
          ) : (
            anonymousEntries.map((r, i) => (
              <ButtonLink
                key={r.path}
                to={r.path}
                buttonType={i === 0 ? 'primary' : 'text'}
                style={i === 0 ? undefined : { color: headerText }}
              >
                {t(r.titleKey)}
              </ButtonLink>
            ))
          )}
        </Flex>
      </Layout.Header>
      {account && signedIn ? <signedIn.SignedInBars account={account} top={HEADER_HEIGHT} /> : null}
      <Layout.Content style={{ padding: screens.md ? '24px 32px' : '16px 12px' }}>
        {/* Layout.Content is the page's one main landmark. */}
        <div style={{ maxWidth: 1280, margin: '0 auto' }} key={href === '/' ? 'home' : undefined}>
          <Outlet />
        </div>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary">
          © {new Date().getFullYear()} {theme?.title ?? 'Ricambi'} ·{' '}
          <Link to="/cookie-and-privacy-policy">{t('privacy.title')}</Link>
        </Typography.Text>
      </Layout.Footer>
    </Layout>
  );
};
