// The texts every page may need in this language (the shell, the errors, and the pages open before
// signing in: global, error, account), with antd's and dayjs's locale of the language; one chunk,
// fetched when the language is first used. The signed-in pages' texts are in it.app.texts.ts.
import 'dayjs/locale/it';

export { default as antdLocale } from 'antd/es/locale/it_IT';

export const texts: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>(['./it/global.json', './it/error.json', './it/account.json'], {
      eager: true,
      import: 'default',
    }),
  ),
);
