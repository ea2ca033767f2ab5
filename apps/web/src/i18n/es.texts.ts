// The texts every page may need in this language (the shell, the errors, and the pages open before
// signing in: global, error, account), with antd's and dayjs's locale of the language; one chunk,
// fetched when the language is first used. The signed-in pages' texts are in es.app.texts.ts.
import 'dayjs/locale/es';

export { default as antdLocale } from 'antd/es/locale/es_ES';

export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./es/global.json', './es/error.json', './es/account.json'], {
      eager: true,
      import: 'default',
    }),
  ),
);
