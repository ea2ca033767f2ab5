import { ImportOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { CART_LIMITS, type ImportResult } from '@ricambi/domain';
import { Alert, Button, Flex, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportOrder } from '../../api/checkout.api.ts';
import { ApiError } from '../../api/http.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError } from '../../lib/alerts.ts';

const K = 'importOrder';

/**
 * Order import (spec 1 §2.3, /cart/import, ROLE_CR_SUPERDEALER): one order number; the order's
 * lines are added to the cart, and success replaces the form.
 */
export const ImportOrderPage = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nOrdine: string }>();
  const importOrder = useImportOrder();
  const [result, setResult] = useState<ImportResult>();
  const [failure, setFailure] = useState<string>();

  const onFinish = ({ nOrdine }: { nOrdine: string }) => {
    setFailure(undefined);
    importOrder.mutate(nOrdine, {
      onSuccess: setResult,
      onError: (error) => {
        const problem = error instanceof ApiError ? error.problem : undefined;
        if (error instanceof ApiError && error.status === 404) {
          form.setFields([{ name: 'nOrdine', errors: [t(`${K}.error.notFound`, { nOrdine: nOrdine.trim() })] }]);
          return;
        }
        const fieldError = problem?.fieldErrors?.find((f) => f.field === 'nOrdine');
        if (fieldError) {
          form.setFields([
            { name: 'nOrdine', errors: [t(fieldError.message, { max: CART_LIMITS.nOrdine, ...fieldError.params })] },
          ]);
          return;
        }
        setFailure(describeError(error));
      },
    });
  };

  if (result) {
    return (
      <PageCard title={t(`${K}.title`)} width={720}>
        <Result
          status="success"
          data-testid="import-success"
          title={
            <h2 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>
              {t(`${K}.success`, { count: result.righe, nOrdine: result.nOrdine })}
            </h2>
          }
          subTitle={t(`${K}.successHint`)}
          extra={
            <Flex vertical gap={16} align="center">
              {result.scartati.length ? (
                <Alert
                  type="warning"
                  showIcon
                  data-testid="import-discarded"
                  style={{ textAlign: 'start', maxWidth: 560 }}
                  title={t(`${K}.discarded`, { count: result.scartati.length })}
                  description={result.scartati.join(', ')}
                />
              ) : null}
              <Flex gap={8} wrap justify="center">
                <ButtonLink
                  to="/cart"
                  buttonType="primary"
                  icon={<ShoppingCartOutlined />}
                  data-testid="import-to-cart"
                >
                  {t(`${K}.toCart`)}
                </ButtonLink>
                <Button
                  onClick={() => {
                    setResult(undefined);
                    form.resetFields();
                  }}
                >
                  {t(`${K}.another`)}
                </Button>
              </Flex>
            </Flex>
          }
        />
      </PageCard>
    );
  }

  return (
    <PageCard title={t(`${K}.title`)} intro={t(`${K}.intro`)} width={720}>
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="import-failure"
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark>
        <Form.Item
          name="nOrdine"
          label={t(`${K}.nOrdine`)}
          extra={t(`${K}.nOrdineHint`)}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { max: CART_LIMITS.nOrdine, message: t('validation.maxlength', { max: CART_LIMITS.nOrdine }) },
          ]}
        >
          <Input autoFocus autoComplete="off" style={{ maxWidth: 360 }} data-testid="import-nOrdine" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t(`${K}.note`)}</Typography.Paragraph>
        <Button
          type="primary"
          htmlType="submit"
          icon={<ImportOutlined />}
          loading={importOrder.isPending}
          data-testid="import-submit"
        >
          {t(`${K}.submit`)}
        </Button>
      </Form>
    </PageCard>
  );
};
