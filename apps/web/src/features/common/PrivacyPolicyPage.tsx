import { CSRF } from '@ricambi/domain';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const COOKIES = ['session', 'rememberme', 'xsrf', 'language'] as const;
const NAMES: Record<(typeof COOKIES)[number], string> = {
  session: 'RICAMBI_SESSION',
  rememberme: 'remember-me',
  xsrf: CSRF.cookie,
  language: 'ricambi.lang',
};

export const PrivacyPolicyPage = () => {
  const { t } = useTranslation();
  return (
    <Card style={{ maxWidth: 900, margin: '24px auto' }}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('privacy.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('privacy.intro')}</Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('privacy.data.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('privacy.data.text')}</Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('privacy.cookies.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('privacy.cookies.text')}</Typography.Paragraph>
      <Table
        rowKey="key"
        pagination={false}
        size="small"
        dataSource={COOKIES.map((key) => ({ key, name: NAMES[key] }))}
        columns={[
          { title: t('privacy.cookies.name'), dataIndex: 'name', render: (n: string) => <code>{n}</code>, width: 180 },
          { title: t('privacy.cookies.purpose'), dataIndex: 'key', render: (k: string) => t(`privacy.cookies.${k}`) },
        ]}
      />
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('privacy.rights.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('privacy.rights.text')}</Typography.Paragraph>
    </Card>
  );
};
