import { DeleteOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { CART_LIMITS, type SavedCart, savedCartInputSchema } from '@ricambi/domain';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteSavedCart, useLoadSavedCart, useSaveCart, useSavedCarts } from '../../api/cart.api.ts';
import { ApiError } from '../../api/http.ts';
import { zodRule } from '../../components/forms.ts';
import { showSuccess } from '../../lib/alerts.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { describeCartError } from './LineStatus.tsx';

/** Saves the current cart under a name (required, ≤ 60; a name already used is refused on the field). */
export const SaveCartModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nome: string }>();
  const save = useSaveCart();
  const [failure, setFailure] = useState<string | null>(null);
  const nome = Form.useWatch('nome', form) ?? '';
  const close = () => {
    form.resetFields();
    setFailure(null);
    onClose();
  };
  const submit = async ({ nome }: { nome: string }) => {
    setFailure(null);
    try {
      await save.mutateAsync(nome.trim());
      showSuccess(t('savedCarts.saved', { name: nome.trim() }));
      close();
    } catch (error) {
      const problem = error instanceof ApiError ? error.problem : undefined;
      const onName =
        problem?.fieldErrors?.find((f) => f.field === 'nome') ??
        (problem?.message === 'cart.error.savedCartExists'
          ? { message: problem.message, params: undefined }
          : undefined);
      if (onName) {
        form.setFields([
          { name: 'nome', errors: [t(onName.message, { max: CART_LIMITS.savedCartName, ...onName.params })] },
        ]);
      } else setFailure(describeCartError(t, error));
    }
  };
  return (
    <Modal
      open={open}
      title={t('savedCarts.saveTitle')}
      onCancel={close}
      okText={t('savedCarts.saveOk')}
      cancelText={t('global.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'save-cart-form', disabled: nome.trim() === '' }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('savedCarts.saveIntro')}</Typography.Paragraph>
      <Form form={form} id="save-cart-form" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="nome"
          label={t('savedCarts.name')}
          required
          validateFirst
          rules={[zodRule(savedCartInputSchema.shape.nome, t)]}
        >
          <Input autoFocus count={{ show: true, max: CART_LIMITS.savedCartName }} />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
};

/** Load mode: replace the cart's lines, or add the saved lines to them. */
const LoadDialog = ({
  cart,
  cartEmpty,
  onClose,
  onLoaded,
}: {
  cart: SavedCart | null;
  cartEmpty: boolean;
  onClose: () => void;
  onLoaded: () => void;
}) => {
  const { t } = useTranslation();
  const load = useLoadSavedCart();
  const [modo, setModo] = useState<'sostituisci' | 'aggiungi'>('aggiungi');
  const submit = async () => {
    if (!cart) return;
    try {
      await load.mutateAsync({ id: cart.id, modo: cartEmpty ? 'aggiungi' : modo });
      showSuccess(t('savedCarts.loaded', { name: cart.nome }));
      onLoaded();
    } catch {
      // The alert mapper reports it.
    }
  };
  return (
    <Modal
      open={cart !== null}
      title={t('savedCarts.loadTitle', { name: cart?.nome ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('savedCarts.loadOk')}
      cancelText={t('global.cancel')}
      confirmLoading={load.isPending}
      destroyOnHidden
    >
      {cartEmpty ? (
        <Typography.Paragraph>{t('savedCarts.loadIntoEmpty', { count: cart?.righe ?? 0 })}</Typography.Paragraph>
      ) : (
        <Radio.Group
          value={modo}
          onChange={(e) => setModo(e.target.value)}
          aria-label={t('savedCarts.loadMode')}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={[
            { value: 'aggiungi', label: t('savedCarts.append') },
            { value: 'sostituisci', label: t('savedCarts.replace') },
          ]}
        />
      )}
    </Modal>
  );
};

/** The saved carts (name, lines, date) with load and delete. */
export const SavedCartsModal = ({
  open,
  onClose,
  cartEmpty,
}: {
  open: boolean;
  onClose: () => void;
  cartEmpty: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const saved = useSavedCarts(open);
  const remove = useDeleteSavedCart();
  const [loading, setLoading] = useState<SavedCart | null>(null);
  return (
    <Modal
      open={open}
      title={t('savedCarts.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('savedCarts.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <Table<SavedCart>
        rowKey="id"
        size="small"
        loading={saved.isPending}
        dataSource={saved.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 420 }}
        locale={{ emptyText: t('savedCarts.none') }}
        columns={[
          {
            key: 'nome',
            title: t('savedCarts.name'),
            render: (_, c) => <span style={{ wordBreak: 'break-word' }}>{c.nome}</span>,
          },
          {
            key: 'righe',
            title: t('savedCarts.lines'),
            align: 'right',
            render: (_, c) => formatNumber(c.righe, i18n.language, 0),
          },
          {
            key: 'data',
            title: t('savedCarts.date'),
            render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdDate)}</span>,
          },
          {
            key: 'actions',
            title: <span className="visually-hidden">{t('entity.a11y.actions')}</span>,
            render: (_, c) => (
              <Flex gap={8} wrap={false}>
                <Button
                  icon={<FolderOpenOutlined />}
                  onClick={() => setLoading(c)}
                  aria-label={t('savedCarts.loadFor', { name: c.nome })}
                >
                  {t('savedCarts.load')}
                </Button>
                <Popconfirm
                  title={t('savedCarts.deleteTitle')}
                  description={t('savedCarts.deleteBody', { name: c.nome })}
                  okText={t('savedCarts.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('global.cancel')}
                  onConfirm={() => remove.mutateAsync(c.id).catch(() => undefined)}
                >
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('savedCarts.deleteFor', { name: c.nome })}
                    loading={remove.isPending && remove.variables === c.id}
                  />
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <LoadDialog
        cart={loading}
        cartEmpty={cartEmpty}
        onClose={() => setLoading(null)}
        onLoaded={() => {
          setLoading(null);
          onClose();
        }}
      />
    </Modal>
  );
};
