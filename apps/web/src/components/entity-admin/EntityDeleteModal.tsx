import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteEntity } from '../../api/entity-admin.api.ts';
import { showSuccess } from '../../lib/alerts.ts';
import type { EntityConfig } from './entity-admin.types.ts';

/** "Are you sure you want to delete this ...?" (spec 3 §2), with the id where configured. */
export const EntityDeleteModal = ({
  config,
  ids,
  onClose,
}: {
  config: EntityConfig;
  ids: readonly string[];
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const remove = useDeleteEntity(config);
  return (
    <Modal
      open
      title={t('entity.delete.title')}
      okText={t('entity.action.delete')}
      cancelText={t('entity.action.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onOk={() =>
        remove.mutate(ids, {
          onSuccess: () => {
            showSuccess(t('entity.messages.deleted'));
            onClose();
          },
        })
      }
      onCancel={onClose}
    >
      <p data-testid="delete-question">
        {t(`${config.name}.delete.question`, { id: config.deleteShowsId ? ids.join(' / ') : '' })}
      </p>
    </Modal>
  );
};
