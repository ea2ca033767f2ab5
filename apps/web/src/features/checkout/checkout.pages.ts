// The checkout pages in one chunk, loaded when one of them opens (checkout.routes.ts).
export * from './CheckoutPage.tsx';
export * from './ImportOrderPage.tsx';
export * from './ShippingCostsPage.tsx';
