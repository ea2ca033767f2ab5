/** Spec 2 §2 crSubdealerVisibilita: the list's path, under which its dialogs open. */
export const VISIBILITY_PATH = '/visibilitamacchine';
