import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useGoBack } from '../../lib/useGoBack.ts';

const Back = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Button type="primary" onClick={goBack}>
      {t('global.back')}
    </Button>
  );
};

export const AccessDeniedPage = () => {
  const { t } = useTranslation();
  return <Result status="403" title={t('error.accessdenied.title')} subTitle={t('error.http.403')} extra={<Back />} />;
};

export const ErrorPage = () => {
  const { t } = useTranslation();
  return <Result status="error" title={t('error.title')} subTitle={t('error.internal')} extra={<Back />} />;
};

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('error.notfound.title')}
      subTitle={t('error.http.404')}
      extra={
        <ButtonLink to="/" buttonType="primary">
          {t('global.menu.home')}
        </ButtonLink>
      }
    />
  );
};
