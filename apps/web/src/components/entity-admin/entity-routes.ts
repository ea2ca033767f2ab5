import type { AppRoute } from '../../lib/app-route.ts';
import type { EntityConfig } from './entity-admin.types.ts';

/**
 * What the route table needs of an admin entity, kept apart from its columns and fields (which pull
 * in the page code): the entity's config spreads it, its routes file passes it here.
 */
export type EntityRouteMeta = Pick<EntityConfig, 'name' | 'listPath' | 'detailPath' | 'idParams' | 'access'>;

/** Whether anyone may create, edit or delete rows of the entity (an empty `write`: nobody). */
export const isWritable = (meta: Pick<EntityRouteMeta, 'access'>) => meta.access.write.length > 0;

/**
 * The routes of one admin entity (spec 3 §2): the list with /new, /{id}/edit and /{id}/delete as
 * dialogs over it (none for a read-only entity), and the read-only detail page.
 */
export const entityRoutes = (
  meta: EntityRouteMeta,
  pages: { list: AppRoute['component']; detail: AppRoute['component'] },
  nav?: AppRoute['nav'],
): AppRoute[] => {
  const idSegments = meta.idParams.map((p) => `$${p}`).join('/');
  const list = { access: meta.access.read, titleKey: `${meta.name}.home.title`, component: pages.list };
  const dialogs: AppRoute[] = [
    { ...list, name: `${meta.name}.new`, path: `${meta.listPath}/new`, access: meta.access.write },
    {
      ...list,
      name: `${meta.name}.edit`,
      path: `${meta.listPath}/${idSegments}/edit`,
      access: meta.access.write,
    },
    {
      ...list,
      name: `${meta.name}.delete`,
      path: `${meta.listPath}/${idSegments}/delete`,
      access: meta.access.write,
    },
  ];
  return [
    { ...list, name: meta.name, path: meta.listPath, nav },
    ...(isWritable(meta) ? dialogs : []),
    {
      name: `${meta.name}.detail`,
      path: `${meta.detailPath}/${idSegments}`,
      access: meta.access.read,
      titleKey: `${meta.name}.detail.title`,
      component: pages.detail,
    },
  ];
};
