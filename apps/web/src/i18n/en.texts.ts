// The texts every page may need in this language (the shell, the errors, and the pages open before
// signing in: global, error, account), with antd's and dayjs's locale of the language; one chunk,
// fetched when the language is first used. The signed-in pages' texts are in en.app.texts.ts.
// dayjs speaks English without a locale file.
export { default as antdLocale } from 'antd/es/locale/en_US';

export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./en/global.json', './en/error.json', './en/account.json'], {
      eager: true,
      import: 'default',
    }),
  ),
);
