import { ExportOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SWAGGER_UI = '/swagger-ui';

/** Spec 1 §2.1 "docs": the Swagger UI of the OpenAPI document, filling the content area. */
export const DocsPage = () => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} style={{ height: 'calc(100vh - 190px)', minHeight: 480 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t('admin.docs.title')}
        </Typography.Title>
        <Typography.Link href={SWAGGER_UI} target="_blank" rel="noopener">
          <ExportOutlined aria-hidden /> {t('admin.docs.open')}
        </Typography.Link>
      </Flex>
      <iframe
        src={SWAGGER_UI}
        title={t('admin.docs.frame')}
        style={{ flex: 1, width: '100%', border: '1px solid rgba(0, 0, 0, 0.12)', borderRadius: 8, background: '#fff' }}
      />
    </Flex>
  );
};
