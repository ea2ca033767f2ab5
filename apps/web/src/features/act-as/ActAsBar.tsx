import { RollbackOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { Account } from '@ricambi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reloadIdentity, useStopActAs } from '../../api/act-as.api.ts';
import { showSuccess } from '../../lib/alerts.ts';

/**
 * Spec 1 §2.3: the act-as badge, on every page while acting, with the way back to the own identity.
 * The button sits beside the text, clear of the notifications in the top-right corner.
 */
export const ActAsBar = ({ account, top }: { account: Account; top: number }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const stop = useStopActAs();
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ');

  const back = () =>
    stop.mutate(undefined, {
      onSuccess: async () => {
        // Home first: the page on screen may be one the own identity may not open.
        await navigate({ to: '/' });
        await reloadIdentity(client);
        showSuccess(t('actas.messages.ended'));
      },
    });

  return (
    <Flex
      role="status"
      data-testid="act-as-badge"
      align="center"
      wrap
      gap={16}
      style={{
        position: 'sticky',
        top,
        zIndex: 9,
        padding: '8px 24px',
        background: '#fff1b8',
        borderBottom: '2px solid #d48806',
        color: '#3d2a00',
      }}
    >
      <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
        <UserSwitchOutlined aria-hidden style={{ fontSize: 20 }} />
        <Typography.Text strong style={{ color: 'inherit' }}>
          {t('actas.badge.text', { login: account.login })}
        </Typography.Text>
        {name ? (
          <Typography.Text style={{ color: 'inherit' }}>{t('actas.badge.name', { name })}</Typography.Text>
        ) : null}
      </Flex>
      <Button icon={<RollbackOutlined aria-hidden />} loading={stop.isPending} onClick={back} data-testid="act-as-back">
        {t('actas.badge.back')}
      </Button>
    </Flex>
  );
};
