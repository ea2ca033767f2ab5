import { Link, useSearch } from '@tanstack/react-router';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActivate } from '../../api/account.api.ts';
import { PageCard } from '../../components/PageCard.tsx';

export const ActivatePage = () => {
  const { t } = useTranslation();
  const { key } = useSearch({ strict: false }) as { key?: string };
  const activation = useActivate(key);

  return (
    <PageCard title={t('activate.title')}>
      {key && activation.isPending ? (
        <Spin description={t('global.loading')} />
      ) : activation.isSuccess ? (
        <Result
          status="success"
          title={t('activate.messages.success')}
          extra={<Link to="/login">{t('global.messages.info.authenticated.link')}</Link>}
          data-testid="activation-ok"
        />
      ) : (
        <Result
          status="error"
          title={t('activate.messages.error')}
          extra={<Link to="/register">{t('global.messages.info.register.link')}</Link>}
          data-testid="activation-error"
        />
      )}
    </PageCard>
  );
};
