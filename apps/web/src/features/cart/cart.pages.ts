// The cart pages in one chunk, loaded when one of them opens (cart.routes.ts).
export * from './CartPage.tsx';
export * from './QuickOrderPage.tsx';
