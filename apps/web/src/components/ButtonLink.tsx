import { createLink } from '@tanstack/react-router';
import { Button, type ButtonProps } from 'antd';
import type { Ref } from 'react';

const AnchorButton = (props: ButtonProps & { ref?: Ref<HTMLAnchorElement> }) => <Button {...props} />;

/** An antd button that is a router link: one <a>, no button nested in a link. */
export const ButtonLink = createLink(AnchorButton);
