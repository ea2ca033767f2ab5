import { type Account, isActingAs } from '@ricambi/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** On the account's own pages: while acting they are read-only, as the server refuses the change. */
export const NotWhileActing = ({ account }: { account: Account | null }) => {
  const { t } = useTranslation();
  return isActingAs(account) ? (
    <Alert
      type="info"
      showIcon
      title={t('actas.messages.notWhileActing')}
      style={{ marginBottom: 16 }}
      data-testid="not-while-acting"
    />
  ) : null;
};
