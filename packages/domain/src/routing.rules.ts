/** Spec 1 §2.2 / §9: a boolean route parameter accepts 1, true and 0. */
export const parseBooleanParam = (value: unknown): boolean | undefined => {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
};
