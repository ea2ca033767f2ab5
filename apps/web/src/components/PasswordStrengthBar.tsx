import { passwordStrength } from '@ricambi/domain';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = ['#c62828', '#e65100', '#b28704', '#558b2f', '#1b5e20'] as const;
const LEVELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;

/** Five-level strength bar (spec 1 §5). */
export const PasswordStrengthBar = ({ password }: { password: string | undefined }) => {
  const { t } = useTranslation();
  const level = passwordStrength(password ?? '');
  const filled = password ? level + 1 : 0;
  return (
    <Flex align="center" gap={8} style={{ marginTop: -8, marginBottom: 16 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {t('global.messages.validate.newpassword.strength')}
      </Typography.Text>
      <Flex
        gap={4}
        style={{ flex: 1 }}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={filled}
        aria-label={t('global.messages.validate.newpassword.strength')}
        data-testid="password-strength"
        data-level={filled}
      >
        {COLORS.map((color, i) => (
          <span
            key={color}
            style={{ flex: 1, height: 6, borderRadius: 3, background: i < filled ? COLORS[level] : '#d9d9d9' }}
          />
        ))}
      </Flex>
      <Typography.Text style={{ fontSize: 12, minWidth: 80 }}>
        {password ? t(`global.messages.validate.newpassword.level.${LEVELS[level]}`) : ''}
      </Typography.Text>
    </Flex>
  );
};
