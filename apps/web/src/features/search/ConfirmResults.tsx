import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Checkbox } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec 1 §2.3: the part search result shows only after the user confirms that the parts must be
 * checked against the machine. Each new search asks again.
 */
export const ConfirmResults = ({ searchKey, children }: { searchKey: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const [confirmedFor, setConfirmedFor] = useState<string>();
  const confirmed = confirmedFor === searchKey;
  return (
    <>
      <Alert
        type={confirmed ? 'success' : 'info'}
        showIcon
        icon={<SafetyCertificateOutlined />}
        style={{ marginBottom: 16 }}
        message={
          <Checkbox checked={confirmed} onChange={(e) => setConfirmedFor(e.target.checked ? searchKey : undefined)}>
            {t('search.confirm.label')}
          </Checkbox>
        }
        description={confirmed ? undefined : t('search.confirm.help')}
      />
      {confirmed ? children : null}
    </>
  );
};
