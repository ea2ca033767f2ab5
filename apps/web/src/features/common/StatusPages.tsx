import { theme as antdTheme, Button, Flex, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useActiveTheme } from '../../lib/theme.context.ts';
import { useGoBack } from '../../lib/useGoBack.ts';

/**
 * The brand's logo over the status code in the theme's primary colour, in place of antd's blue
 * illustrations (which ignore the theme).
 */
const StatusMark = ({ code }: { code: '403' | '404' }) => {
  const theme = useActiveTheme();
  const { token } = antdTheme.useToken();
  return (
    <Flex vertical align="center" gap={12} data-testid="status-mark">
      <img src={theme?.logo ?? '/themes/eurocomach/logo.svg'} alt="" height={48} />
      <span aria-hidden style={{ fontSize: 72, fontWeight: 700, lineHeight: 1, color: token.colorPrimary }}>
        {code}
      </span>
    </Flex>
  );
};

/** The page's one level-one heading, at the size antd gives a result title. */
const StatusTitle = ({ children }: { children: ReactNode }) => (
  <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
    {children}
  </Typography.Title>
);

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
  return (
    <Result
      status="info"
      icon={<StatusMark code="403" />}
      title={<StatusTitle>{t('error.accessdenied.title')}</StatusTitle>}
      subTitle={t('error.http.403')}
      extra={<Back />}
    />
  );
};

export const ErrorPage = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={<StatusTitle>{t('error.title')}</StatusTitle>}
      subTitle={t('error.internal')}
      extra={<Back />}
    />
  );
};

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      icon={<StatusMark code="404" />}
      title={<StatusTitle>{t('error.notfound.title')}</StatusTitle>}
      subTitle={t('error.http.404')}
      extra={
        <ButtonLink to="/" buttonType="primary">
          {t('global.menu.home')}
        </ButtonLink>
      }
    />
  );
};
