import { hasAnyAuthority } from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { CATALOGUE_ADMIN_CONFIGS } from './catalogue-admin.entities.ts';

/** The catalogue master data (spec 3 §2): one entry per entity the user may open. */
export const CatalogueAdminPage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const entities = CATALOGUE_ADMIN_CONFIGS.filter((c) => hasAnyAuthority(account?.authorities, c.access.read));
  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('catalogueAdmin.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('catalogueAdmin.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {entities.map((c) => (
          <Col key={c.name} xs={24} md={12} xl={8}>
            <Link
              to={c.listPath}
              style={{ display: 'block', height: '100%' }}
              data-testid={`catalogue-${c.listPath.slice(1)}`}
            >
              <Card hoverable size="small" style={{ height: '100%' }}>
                <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                  {t(`${c.name}.home.title`)}
                </Typography.Title>
                <Typography.Text type="secondary">{t(`${c.name}.home.description`)}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
};
