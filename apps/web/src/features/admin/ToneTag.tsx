import { Descriptions, type DescriptionsProps, Tag } from 'antd';
import type { ReactNode } from 'react';

export type Tone = 'success' | 'error' | 'info' | 'warning' | 'neutral';

/** antd's preset tag colours fall below 4.5:1 on their own background; these dark shades pass AA. */
const TONES: Record<Tone, { color: string; background: string; borderColor: string }> = {
  success: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  info: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  warning: { color: '#7a4100', background: '#fffbe6', borderColor: '#ffe58f' },
  neutral: { color: 'rgba(0, 0, 0, 0.88)', background: '#fafafa', borderColor: '#d9d9d9' },
};

export const ToneTag = ({
  tone,
  icon,
  children,
  ...rest
}: {
  tone: Tone;
  icon?: ReactNode;
  children: ReactNode;
  'data-status'?: string;
}) => (
  <Tag icon={icon} style={{ ...TONES[tone], whiteSpace: 'normal', wordBreak: 'break-word' }} {...rest}>
    {children}
  </Tag>
);

/** antd's description labels are 45 % black (3.4:1); the theme's secondary text colour passes AA. */
export const Facts = ({ items }: { items: NonNullable<DescriptionsProps['items']> }) => (
  <Descriptions size="small" column={1} items={items} styles={{ label: { color: 'rgba(0, 0, 0, 0.65)' } }} />
);
