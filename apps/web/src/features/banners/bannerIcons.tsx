import { InfoCircleOutlined, ShoppingCartOutlined, WarningOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

export const BANNER_TYPE_ICONS: Record<string, ReactNode> = {
  INFO: <InfoCircleOutlined />,
  WARNING: <WarningOutlined />,
  CHECKOUT: <ShoppingCartOutlined />,
};

/** Icon colours of the banner dialog (at least 3:1 on white, as WCAG asks of graphics). */
export const BANNER_TYPE_COLORS: Record<string, string> = {
  INFO: '#0958d9',
  WARNING: '#ad4e00',
  CHECKOUT: '#531dab',
};
