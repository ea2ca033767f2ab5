// The texts every page may need in this language (the shell, the errors, and the pages open before
// signing in: global, error, account), with antd's and dayjs's locale of the language; one chunk,
// fetched when the language is first used. The signed-in pages' texts are in de.app.texts.ts.
import 'dayjs/locale/de';

export { default as antdLocale } from 'antd/es/locale/de_DE';

export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./de/global.json', './de/error.json', './de/account.json'], {
      eager: true,
      import: 'default',
    }),
  ),
);
