import { VISIBILITY_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';
import { VISIBILITY_PATH } from './visibility.paths.ts';

const VisibilityPage = lazyRouteComponent(() => import('./VisibilityPage.tsx'), 'VisibilityPage');

const access = VISIBILITY_ROLES;
const page = { access, titleKey: 'visibility.home.title', component: VisibilityPage, area: 'parts' as const };

/**
 * Spec 2 §2 crSubdealerVisibilita: the list, and its view, new, edit and delete dialogs over it
 * ({login} is the dealer the row belongs to); a main-menu entry.
 */
export const VISIBILITY_ROUTES: AppRoute[] = [
  { ...page, name: 'crSubdealerVisibilita', path: VISIBILITY_PATH, nav: { menu: 'main', order: 42 } },
  { ...page, name: 'crSubdealerVisibilita.view', path: `${VISIBILITY_PATH}/$id/view` },
  { ...page, name: 'crSubdealerVisibilita.new', path: `${VISIBILITY_PATH}/new/$login` },
  { ...page, name: 'crSubdealerVisibilita.edit', path: `${VISIBILITY_PATH}/$id/$login/edit` },
  { ...page, name: 'crSubdealerVisibilita.delete', path: `${VISIBILITY_PATH}/$id/delete` },
];
