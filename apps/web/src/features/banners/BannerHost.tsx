import { type ActiveBanner, DIALOG_BANNER_TYPES, isActingAs, localizedText } from '@ricambi/domain';
import { Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useAcknowledgeBanner, useActiveBanners } from '../../api/banners.api.ts';
import { useActiveTheme } from '../../lib/theme.context.ts';
import { BANNER_TYPE_COLORS, BANNER_TYPE_ICONS } from './bannerIcons.tsx';

/** Banners already opened in this page load, per user ("login:id"): each is opened once (spec 1 §4). */
const openedThisPageLoad = new Set<string>();

/** The header and message of a banner in the user's language, else Italian. */
export const bannerTexts = (banner: ActiveBanner, lang: string) => ({
  header: localizedText(banner.headers, lang),
  message: localizedText(banner.messages, lang),
});

export type BannerQueueProps = {
  banners: readonly ActiveBanner[];
  /** Whose banners these are: opening is remembered per user. */
  userKey: string;
  /** Records the acknowledgement; the dialog closes when it resolves and stays open when it fails. */
  onAcknowledge: (banner: ActiveBanner, text: string) => Promise<unknown>;
  opened?: Set<string>;
};

/**
 * Opens the banners one after the other, each once per page load. "Got it" acknowledges it (never
 * shown again to this user); "Remind me later", the X and Esc only close it (shown at the next load).
 */
export const BannerQueue = ({ banners, userKey, onAcknowledge, opened = openedThisPageLoad }: BannerQueueProps) => {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState<ActiveBanner>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const messageId = useId();

  useEffect(() => {
    if (current) return;
    const next = banners.find((b) => !opened.has(`${userKey}:${b.id}`));
    if (!next) return;
    opened.add(`${userKey}:${next.id}`);
    setCurrent(next);
    setOpen(true);
  }, [banners, current, userKey, opened]);

  if (!current) return null;
  const { header, message } = bannerTexts(current, i18n.language);

  const dismiss = () => setOpen(false);
  const acknowledge = async () => {
    setSaving(true);
    try {
      await onAcknowledge(current, [header, message].filter(Boolean).join('\n\n'));
      setOpen(false);
    } catch {
      // The alert mapper has told the user; the banner stays open to try again or dismiss.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="baseline">
          <span aria-hidden style={{ color: BANNER_TYPE_COLORS[current.type] }}>
            {BANNER_TYPE_ICONS[current.type]}
          </span>
          <span>{header}</span>
        </Flex>
      }
      onCancel={dismiss}
      afterClose={() => setCurrent(undefined)}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={dismiss} data-testid="banner-dismiss">
            {t('banner.dialog.later')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void acknowledge()} data-testid="banner-acknowledge">
            {t('banner.dialog.acknowledge')}
          </Button>
        </Flex>
      }
    >
      <div
        id={messageId}
        data-testid="banner-modal"
        data-banner-id={current.id}
        // The dialog is labelled by its title; the message describes it.
        ref={(node) => node?.closest('[role="dialog"]')?.setAttribute('aria-describedby', messageId)}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', fontSize: 15 }}>{message}</Typography.Paragraph>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 13 }}>
        {t('banner.dialog.hint')}
      </Typography.Paragraph>
    </Modal>
  );
};

/**
 * Mounted once in the layout: the signed-in user's active banners for the active theme, as dialogs.
 * Not while acting as someone else: an acknowledgement is the user's own.
 */
export const BannerHost = () => {
  const account = useAccount();
  const theme = useActiveTheme();
  const enabled = Boolean(account) && !isActingAs(account);
  const active = useActiveBanners({ login: account?.login, ambiente: theme?.name }, enabled);
  const acknowledge = useAcknowledgeBanner();
  if (!account || !enabled) return null;
  const banners = (active.data ?? []).filter((b) => (DIALOG_BANNER_TYPES as readonly string[]).includes(b.type));
  return (
    <BannerQueue
      key={account.login}
      banners={banners}
      userKey={account.login}
      onAcknowledge={(banner, text) => acknowledge.mutateAsync({ id: banner.id, text })}
    />
  );
};
