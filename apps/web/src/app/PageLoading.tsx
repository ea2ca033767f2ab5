import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or data loads (after a short delay, so quick loads do not flicker). */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} role="status" aria-live="polite">
      <Spin size="large" />
      <span style={{ marginInlineStart: 12 }}>{t('global.loading')}</span>
    </Flex>
  );
};
