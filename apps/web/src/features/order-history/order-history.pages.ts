// The pages of the order history, one chunk loaded with the first of them (order-history.routes.ts).
export { OrderHistoryIndexPage, OrderHistoryPage } from './OrderHistoryPage.tsx';
export { ReorderRequestPage } from './ReorderRequestPage.tsx';
