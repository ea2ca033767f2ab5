import { ArrowLeftOutlined } from '@ant-design/icons';
import { hasAnyAuthority, TICKET_STAFF_ROLES } from '@ricambi/domain';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { TicketNewForm } from './TicketNewForm.tsx';

/** /ticket/new: a customer opens a ticket; the help desk cannot (the server refuses it too). */
export const TicketNewPage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const staff = hasAnyAuthority(account?.authorities, TICKET_STAFF_ROLES);
  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('ticket.form.newTitle')}
      </Typography.Title>
      {staff ? (
        <>
          <Alert type="info" showIcon title={t('ticket.error.staffCannotOpen')} data-testid="tk-staff-new" />
          <ButtonLink to="/ticket" icon={<ArrowLeftOutlined />} style={{ marginTop: 16 }}>
            {t('entity.action.back')}
          </ButtonLink>
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('ticket.form.newIntro')}</Typography.Paragraph>
          <TicketNewForm />
        </>
      )}
    </Card>
  );
};
