import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A box drawn as antd's bordered Card draws itself (same tokens; `hoverable`: the same shadow on
 * hover, app/global.css), for a card with neither title nor tabs. antd's Card always imports Tabs
 * and Skeleton (~17 KB gzip), which the sign-in page and the home page would otherwise fetch.
 */
export const CardBox = ({
  hoverable = false,
  style,
  children,
}: {
  hoverable?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) => {
  const { token } = theme.useToken();
  // Card's hover shadow: antd computes this token but leaves it out of its public token type.
  const cardShadow = (token as { boxShadowCard?: string }).boxShadowCard ?? token.boxShadowSecondary;
  const colours = { '--card-box-border': token.colorBorderSecondary, '--card-box-shadow': cardShadow } as CSSProperties;
  return (
    <div
      className={hoverable ? 'card-box card-box-hoverable' : 'card-box'}
      style={{
        ...colours,
        boxSizing: 'border-box',
        position: 'relative',
        padding: token.paddingLG,
        background: token.colorBgContainer,
        borderWidth: token.lineWidth,
        borderStyle: token.lineType,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        ...(hoverable
          ? { transition: `box-shadow ${token.motionDurationMid}, border-color ${token.motionDurationMid}` }
          : {}),
        ...style,
      }}
    >
      {children}
    </div>
  );
};
