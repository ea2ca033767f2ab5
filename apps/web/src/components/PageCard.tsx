import { Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A centred card for the account pages: title, optional intro, content. Drawn as antd's bordered
 * Card draws itself (same tokens), not with Card: Card always imports Tabs and Skeleton (~13 KB
 * gzip), which the sign-in page would otherwise fetch for a box.
 */
export const PageCard = ({
  title,
  intro,
  children,
  width = 520,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  width?: number;
}) => {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        maxWidth: width,
        margin: '24px auto',
        width: '100%',
        boxSizing: 'border-box',
        position: 'relative',
        padding: token.paddingLG,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {title}
      </Typography.Title>
      {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
      {children}
    </div>
  );
};
