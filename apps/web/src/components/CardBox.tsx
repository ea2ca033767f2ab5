import { theme } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';

/**
 * A box drawn as antd's bordered Card draws itself (same tokens; `hoverable`: the same shadow on
 * hover), for a card with neither title nor tabs. antd's Card always imports Tabs and Skeleton
 * (~17 KB gzip), which the sign-in page and the home page would otherwise fetch for a box.
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
  const [hovered, setHovered] = useState(false);
  const lifted = hoverable && hovered;
  return (
    <div
      onMouseEnter={hoverable ? () => setHovered(true) : undefined}
      onMouseLeave={hoverable ? () => setHovered(false) : undefined}
      style={{
        boxSizing: 'border-box',
        position: 'relative',
        padding: token.paddingLG,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${lifted ? 'transparent' : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        ...(hoverable
          ? {
              cursor: 'pointer',
              transition: `box-shadow ${token.motionDurationMid}, border-color ${token.motionDurationMid}`,
              boxShadow: lifted ? cardShadow : undefined,
            }
          : {}),
        ...style,
      }}
    >
      {children}
    </div>
  );
};
