// The lookup lists' public surface: what other modules read of them.
export { comboValues } from './combos.service.ts';
