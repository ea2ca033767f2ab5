import type { AppRoute } from '../../lib/app-route.ts';
import type { EntityConfig, EntityRow } from './entity-admin.types.ts';

/**
 * The routes of one admin entity (spec 3 §2): the list with /new, /{id}/edit and /{id}/delete as
 * dialogs over it, and the read-only detail page.
 */
export const entityRoutes = <T extends EntityRow>(
  config: EntityConfig<T>,
  pages: { list: AppRoute['component']; detail: AppRoute['component'] },
  nav?: AppRoute['nav'],
): AppRoute[] => {
  const idSegments = config.idParams.map((p) => `$${p}`).join('/');
  const list = { access: config.access.read, titleKey: `${config.name}.home.title`, component: pages.list };
  return [
    { ...list, name: config.name, path: config.listPath, nav },
    { ...list, name: `${config.name}.new`, path: `${config.listPath}/new`, access: config.access.write },
    {
      ...list,
      name: `${config.name}.edit`,
      path: `${config.listPath}/${idSegments}/edit`,
      access: config.access.write,
    },
    {
      ...list,
      name: `${config.name}.delete`,
      path: `${config.listPath}/${idSegments}/delete`,
      access: config.access.write,
    },
    {
      name: `${config.name}.detail`,
      path: `${config.detailPath}/${idSegments}`,
      access: config.access.read,
      titleKey: `${config.name}.detail.title`,
      component: pages.detail,
    },
  ];
};
