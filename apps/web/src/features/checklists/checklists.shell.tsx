import { useNavigate, useRouter } from '@tanstack/react-router';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import './checklists.css';

/** A tablet in the workshop: a narrow window or a finger for a pointer. */
const TOUCH_QUERY = '(max-width: 1024px), (pointer: coarse)';

/** Whether the checklists' controls take their finger-sized shape. */
export const useTouchLayout = () => useMediaQuery(TOUCH_QUERY);

/** antd's sizes for a finger: controls, options and menu rows of at least 44 px. */
const TOUCH_THEME = {
  token: { controlHeight: 44, controlHeightSM: 44, controlHeightLG: 48 },
  components: {
    Select: { optionHeight: 44, optionPadding: '10px 12px' },
    Dropdown: { paddingBlock: 12 },
    Table: { cellPaddingBlock: 8 },
    DatePicker: { cellHeight: 40, cellWidth: 44, withoutTimeCellHeight: 56 },
  },
} as const;

/**
 * The checklists' pages and dialogs: on a tablet (768 px, a finger) every target is 44 px or more
 * (antd's control height, and checklists.css for what the tokens do not reach).
 */
export const ChecklistShell = ({ children }: { children: ReactNode }) => {
  const touch = useTouchLayout();
  return (
    <ConfigProvider theme={touch ? TOUCH_THEME : {}}>
      <div className={touch ? 'cr-page cr-touch' : 'cr-page'}>{children}</div>
    </ConfigProvider>
  );
};

/** The page a dialog was opened from: its address and its place in the history. */
let opener: { href: string; index: number } | undefined;

/**
 * Dialogs that are addresses of their own (spec 3 §2): opening one adds it to the history (a tablet's
 * back button closes it); closing it goes back to the page it was opened from when that page is the
 * entry just before, or else replaces the dialog with its page (a dialog opened directly).
 */
export const useDialogNavigation = () => {
  const router = useRouter();
  const navigate = useNavigate();
  type Target = { to: string; params?: Record<string, string>; search?: Record<string, unknown> };
  const indexOf = () => router.state.location.state.__TSR_index ?? 0;
  /** Before a link to a dialog follows (or an open by hand): remember the page. */
  const markOpening = () => {
    opener = { href: router.state.location.href, index: indexOf() };
  };
  const open = (target: Target) => {
    markOpening();
    return navigate({ ...target, search: target.search ?? {} });
  };
  const close = (target: Target) => {
    const href = router.buildLocation({ ...target, search: target.search ?? {} }).href;
    const from = opener;
    opener = undefined;
    if (from && from.href === href && indexOf() === from.index + 1) {
      router.history.back();
      return Promise.resolve();
    }
    return navigate({ ...target, search: target.search ?? {}, replace: true });
  };
  /** Another dialog in place of this one (the next question): back still returns to the page. */
  const replace = (target: Target) => navigate({ ...target, search: target.search ?? {}, replace: true });
  return { open, close, replace, markOpening };
};
