import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import type { Theme } from '@ricambi/domain';
import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { brandColours } from '../lib/theme.tokens.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { LoginForm } from './LoginForm.tsx';
import { LoginIcon } from './LoginIcon.tsx';

/** The theme's tokens as the style sheet's variables (login/login.css). */
const themeStyle = (theme: Theme | undefined): CSSProperties => {
  const colours = brandColours(theme?.tokens);
  return {
    '--primary': colours.primary,
    '--primary-hover': colours.primaryHover,
    '--primary-active': colours.primaryActive,
    '--link': colours.link,
    '--link-hover': colours.linkHover,
    '--header-bg': colours.headerBg,
    '--header-text': colours.headerText,
    '--error': colours.error,
    '--bg-layout': theme?.tokens.colorBgLayout ?? '#f5f5f5',
    '--radius': `${theme?.tokens.borderRadius ?? 6}px`,
    '--font': theme?.tokens.fontFamily ?? 'system-ui, sans-serif',
  } as CSSProperties;
};

/**
 * The sign-in page (spec 1 §2.1, §2.2) as a document of its own: the app's header (logo, Home,
 * languages, sign-in and registration), the form and the footer, drawn with plain elements and one
 * small style sheet instead of antd, so that a visitor's first page is light (issue 11 §4,
 * docs/decisions.md). Every other page is the app's; links lead there as page loads.
 */
export const LoginDocument = ({ theme }: { theme: Theme | undefined }) => {
  const { t } = useTranslation();
  const title = theme?.title ?? 'Ricambi';

  useEffect(() => {
    document.title = `${t('login.title')} · ${title}`;
  }, [t, title]);

  return (
    <div className="login-layout" style={themeStyle(theme)}>
      <header className="login-header">
        <a href="/" aria-label={title} className="login-logo">
          <img src={theme?.logo ?? '/themes/eurocomach/logo.svg'} alt={title} height={36} />
        </a>
        <nav aria-label={t('global.menu.main')} className="login-nav">
          <a href="/" className="login-nav-item">
            <LoginIcon icon={HomeOutlined} />
            <span>{t('global.menu.home')}</span>
          </a>
        </nav>
        <div className="login-tools">
          <LanguageMenu />
          <a href="/login" aria-current="page" className="login-header-button login-header-primary">
            {t('login.title')}
          </a>
          <a href="/register" className="login-header-button login-header-register">
            {t('register.title')}
          </a>
        </div>
      </header>
      <main className="login-main">
        <div className="login-card">
          <h1>{t('login.title')}</h1>
          <LoginForm />
          <div className="login-links">
            <a href="/reset/request">{t('login.password.forgot')}</a>
            <span>
              {t('global.messages.info.register.noaccount')}{' '}
              <a href="/register" className="login-inline-link">
                {t('global.messages.info.register.link')}
              </a>
            </span>
          </div>
        </div>
      </main>
      <footer className="login-footer">
        © {new Date().getFullYear()} {title} ·{' '}
        <a href="/cookie-and-privacy-policy" className="login-inline-link">
          {t('privacy.title')}
        </a>
      </footer>
    </div>
  );
};
