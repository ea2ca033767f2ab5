import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { LANGUAGES, type Language } from '@ricambi/domain';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';
import { LoginIcon } from './LoginIcon.tsx';

/**
 * The header's language menu on the sign-in page: the same button and entries as the app's
 * (app/layout.tsx), as a menu button (WAI-ARIA): Enter, Space or ↓ open it on the current language,
 * ↑ ↓ Home End move, Escape or Tab close it, a click outside closes it.
 */
export const LanguageMenu = () => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const current = LANGUAGES.indexOf(i18n.language as Language);

  useEffect(() => {
    if (!open) return;
    items.current[Math.max(current, 0)]?.focus();
    const close = (event: PointerEvent) => {
      if (!button.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open, current]);

  const choose = (lang: Language) => {
    setOpen(false);
    button.current?.focus();
    void changeLanguage(lang);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const at = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = LANGUAGES.length - 1;
    const to = { ArrowDown: at >= last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      items.current[to]?.focus();
    } else if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="login-language">
      <button
        ref={button}
        type="button"
        className="login-header-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-menu"
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <LoginIcon icon={GlobalOutlined} />
        {/* The visible language is part of the button's name (WCAG 2.5.3). */}
        <span className="visually-hidden">{t('global.menu.language')}: </span>
        <span className="login-wide">{t(`global.language.${i18n.language}`)}</span>
        <span className="login-narrow">{i18n.language.toUpperCase()}</span>
      </button>
      {open ? (
        <div id={menuId} role="menu" className="login-menu" onKeyDown={onMenuKey}>
          {LANGUAGES.map((lang, index) => (
            <button
              key={lang}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={lang}
              aria-current={lang === i18n.language ? 'true' : undefined}
              className={lang === i18n.language ? 'login-menu-item login-menu-item-current' : 'login-menu-item'}
              onClick={() => choose(lang)}
            >
              {t(`global.language.${lang}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
};
