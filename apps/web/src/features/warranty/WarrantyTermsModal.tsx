import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PARAGRAPHS = ['scope', 'deadline', 'evidence', 'exclusions', 'parts', 'decision'] as const;

/** The warranty terms and conditions a dealer accepts with a new request (spec 2 §2). */
export const WarrantyTermsModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('richiestagaranzia.terms.title')}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('richiestagaranzia.terms.close')}
        </Button>
      }
      width={640}
      data-testid="wr-terms-modal"
    >
      {PARAGRAPHS.map((p) => (
        <Typography.Paragraph key={p}>{t(`richiestagaranzia.terms.text.${p}`)}</Typography.Paragraph>
      ))}
    </Modal>
  );
};
