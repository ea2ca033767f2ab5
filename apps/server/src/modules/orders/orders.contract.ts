// The orders module's public surface: what other modules may use.
export { createOrdersService, type OrdersDeps, type OrdersService, type SendInput } from './orders.service.ts';
