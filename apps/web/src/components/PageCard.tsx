import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { CardBox } from './CardBox.tsx';

/** A centred card for the account pages: title, optional intro, content. */
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
}) => (
  <CardBox style={{ maxWidth: width, margin: '24px auto', width: '100%' }}>
    <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
      {title}
    </Typography.Title>
    {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
    {children}
  </CardBox>
);
