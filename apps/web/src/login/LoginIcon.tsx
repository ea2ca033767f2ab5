import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * An antd icon drawn from its SVG definition (the one antd's icons are made of), without antd's icon
 * component and its style injection: the sign-in page takes none of antd (issue 11 §4).
 */
export const LoginIcon = ({ icon, spin = false }: { icon: IconDefinition; spin?: boolean }) => {
  const definition = typeof icon.icon === 'function' ? icon.icon('currentColor', '#fff') : icon.icon;
  const paths = definition.children ?? [];
  return (
    <svg
      viewBox={definition.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={spin ? 'login-icon login-icon-spin' : 'login-icon'}
    >
      {paths.map((node) => (
        <path key={node.attrs.d} d={node.attrs.d} />
      ))}
    </svg>
  );
};
