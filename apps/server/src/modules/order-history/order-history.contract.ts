/**
 * What others may use of the order history: the portal's orders go into it as they are sent; the
 * application assembles the service, the ERP hand-back and the carrier adapter.
 */
export { createHandback, type Handback, historyInboxDir } from './order-history.handback.ts';
export { createOrderHistoryService, recordPortalOrder } from './order-history.service.ts';
export { type Carrier, handedBackCarrier, httpCarrier } from './order-history.tracking.ts';
