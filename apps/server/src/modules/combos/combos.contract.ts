// The lookup lists' public surface: what other modules read of them.
export { comboValues, comboValuesOf } from './combos.service.ts';
