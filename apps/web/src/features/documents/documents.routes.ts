import { DOCUMENT_LIBRARY_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/**
 * Spec 2 §2 documenti: the technical documents' library (a main-menu entry), /documenti?serial.
 * Dealers and sub-dealers read it; internal staff (any brand) and managers (every language, the
 * documents' flags) too.
 */
export const DOCUMENTS_ROUTES: AppRoute[] = [
  {
    name: 'documenti',
    path: '/documenti',
    access: DOCUMENT_LIBRARY_ROLES,
    titleKey: 'documenti.title',
    component: lazyRouteComponent(() => import('./DocumentsPage.tsx'), 'DocumentsPage'),
    nav: { menu: 'main', order: 37 },
    area: 'parts',
  },
];
