import { createLink } from '@tanstack/react-router';
import { Button, type ButtonProps } from 'antd';
import type { Ref } from 'react';

// The router's link takes `type` for itself, so the antd button type travels as `buttonType`.
type AnchorButtonProps = Omit<ButtonProps, 'type'> & {
  buttonType?: ButtonProps['type'];
  ref?: Ref<HTMLAnchorElement>;
};

const AnchorButton = ({ buttonType, ...props }: AnchorButtonProps) => <Button type={buttonType} {...props} />;

/** An antd button that is a router link: one <a>, no button nested in a link. */
export const ButtonLink = createLink(AnchorButton);
