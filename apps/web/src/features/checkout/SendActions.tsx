import { FileSearchOutlined, SafetyCertificateOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutMode, SendKind } from './checkout.form.ts';
import type { CheckoutFailure } from './useCheckoutForm.ts';

const K = 'checkout';

/**
 * Why sending is not possible or failed, and the send buttons (spec 1 §4): an order, and for a
 * ROLE_CR_USER with parts access also a quote and a warranty order — the latter continues to the
 * warranty request, which sends the order with it (spec 2 §4); a subdealer sends a request.
 */
export const SendActions = ({
  mode,
  blocked,
  failure,
  busyKind,
  quoteAndWarranty,
  onSend,
}: {
  mode: CheckoutMode;
  /** The cart has problems: nothing can be sent until they are fixed in the cart. */
  blocked: boolean;
  failure: CheckoutFailure | undefined;
  busyKind: SendKind | undefined;
  quoteAndWarranty: boolean;
  onSend: (kind: SendKind) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const isSending = busyKind !== undefined;
  const sendButton = (sendKind: SendKind, icon: ReactNode, label: string, primary: boolean) => (
    <Button
      key={sendKind}
      type={primary ? 'primary' : 'default'}
      size="large"
      icon={icon}
      loading={busyKind === sendKind}
      disabled={blocked || (isSending && busyKind !== sendKind)}
      onClick={() => void onSend(sendKind)}
      data-testid={mode === 'request' ? 'send-REQ' : `send-${sendKind}`}
    >
      {label}
    </Button>
  );
  return (
    <>
      {blocked ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t(`${K}.blocked`)} /> : null}
      {failure ? (
        <Alert
          type={failure.type}
          showIcon
          role="alert"
          data-testid="checkout-failure"
          style={{ marginBottom: 12 }}
          title={failure.text}
          description={
            failure.details ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {failure.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      <Flex gap={12} wrap>
        {mode === 'request'
          ? sendButton('ORD', <SendOutlined />, t(`${K}.send.REQ`), true)
          : [
              sendButton('ORD', <SendOutlined />, t(`${K}.send.ORD`), true),
              ...(quoteAndWarranty
                ? [
                    sendButton('PREV', <FileSearchOutlined />, t(`${K}.send.PREV`), false),
                    sendButton('ORDCG', <SafetyCertificateOutlined />, t(`${K}.send.ORDCG`), false),
                  ]
                : []),
            ]}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 13 }}>
        {t(mode === 'request' ? `${K}.sendNoteRequest` : `${K}.sendNote`)}
      </Typography.Paragraph>
    </>
  );
};
