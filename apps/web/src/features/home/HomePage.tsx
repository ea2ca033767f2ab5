import { KeyOutlined, LoginOutlined, SettingOutlined, UserAddOutlined } from '@ant-design/icons';
import { homeTarget, isActingAs } from '@ricambi/domain';
import { Link, Navigate } from '@tanstack/react-router';
import { Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { CardBox } from '../../components/CardBox.tsx';
import { useAllowedRoutePath } from '../../lib/navigation.ts';
import { useActiveTheme } from '../../lib/theme.context.ts';

const Tile = ({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) => (
  <Col xs={24} sm={12} lg={8}>
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      <CardBox hoverable style={{ height: '100%' }}>
        <Flex gap={16} align="flex-start">
          <span style={{ fontSize: 28 }}>{icon}</span>
          <div>
            <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{text}</Typography.Text>
          </div>
        </Flex>
      </CardBox>
    </Link>
  </Col>
);

/**
 * Spec 1 §2.2: tracks-only theme -> spare-parts page; parts-only -> machine home; both -> two
 * large buttons. A target is used only when its route exists and the user may open it.
 */
export const HomePage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const theme = useActiveTheme();
  const allowedRoutePath = useAllowedRoutePath();

  if (!account) {
    return (
      <Flex vertical align="center" style={{ padding: '48px 16px', textAlign: 'center' }}>
        <Typography.Title style={{ fontSize: 32 }}>
          {t('home.title', { title: theme?.title ?? 'Ricambi' })}
        </Typography.Title>
        <Typography.Paragraph style={{ maxWidth: 640, fontSize: 16 }}>{t('home.subtitle')}</Typography.Paragraph>
        <Flex gap={12} wrap justify="center">
          <ButtonLink to="/login" buttonType="primary" size="large" icon={<LoginOutlined />}>
            {t('global.messages.info.authenticated.link')}
          </ButtonLink>
          <ButtonLink to="/register" size="large" icon={<UserAddOutlined />}>
            {t('global.messages.info.register.link')}
          </ButtonLink>
        </Flex>
      </Flex>
    );
  }

  const target = theme ? homeTarget(theme) : 'choice';
  const areas = {
    'spare-parts': allowedRoutePath('spare-parts'),
    'machine-home': allowedRoutePath('machine-home'),
  };
  if (target !== 'choice' && areas[target]) return <Navigate to={areas[target]} replace />;
  const choices = (['machine-home', 'spare-parts'] as const).filter((a) => areas[a]);

  return (
    <div style={{ padding: '24px 0' }}>
      <Typography.Title style={{ fontSize: 28 }}>
        {t('home.welcome', { name: account.firstName || account.login })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        {t('home.signedInAs', { login: account.login, title: theme?.title ?? 'Ricambi' })}
      </Typography.Paragraph>
      {choices.length > 0 ? (
        <Flex gap={24} wrap style={{ margin: '24px 0' }}>
          {choices.map((area) => (
            <ButtonLink
              key={area}
              to={areas[area]}
              buttonType="primary"
              size="large"
              style={{ height: 96, minWidth: 280, fontSize: 20 }}
            >
              {t(`home.area.${area}`)}
            </ButtonLink>
          ))}
        </Flex>
      ) : null}
      {/* While acting, the account's own settings and password are not for staff to change. */}
      {isActingAs(account) ? null : (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Tile
            to="/settings"
            icon={<SettingOutlined />}
            title={t('global.menu.account.settings')}
            text={t('home.tiles.settings')}
          />
          <Tile
            to="/password"
            icon={<KeyOutlined />}
            title={t('global.menu.account.password')}
            text={t('home.tiles.password')}
          />
        </Row>
      )}
    </div>
  );
};
