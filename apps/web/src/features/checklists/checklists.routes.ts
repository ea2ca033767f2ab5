import { CHECKLIST_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const pages = () => import('./checklists.pages.ts');
// One component for a page and the dialogs over it: opening a dialog keeps the page as it is (the
// tree's open groups, the list's scroll).
const listPage = lazyRouteComponent(pages, 'ChecklistListPage');
const detailPage = lazyRouteComponent(pages, 'ChecklistDetailPage');
const page = { access: CHECKLIST_ROLES, area: 'parts' as const };

/**
 * Spec 3 §2 checklist screens (issue 15): the dealer's DAR and PDI checklists (a main-menu entry),
 * /crDars?stato&term&tipo&rate&page&sort, with the new-checklist dialog (/crDars/new/{tipo}) and a
 * row's header dialog (/crDars/{idh}/head) over it; one checklist /crDar/{idh} with a line's answer
 * dialog (/crDar/{idh}/line/{lineId}) and the header dialog (/crDar/{idh}/head) over it.
 */
export const CHECKLIST_ROUTES: AppRoute[] = [
  {
    ...page,
    name: 'crDars',
    path: '/crDars',
    titleKey: 'crDar.menu',
    component: listPage,
    nav: { menu: 'main', order: 38 },
  },
  { ...page, name: 'crDars.new', path: '/crDars/new/$tipo', titleKey: 'crDar.new.pageTitle', component: listPage },
  { ...page, name: 'crDars.head', path: '/crDars/$idh/head', titleKey: 'crDar.head.pageTitle', component: listPage },
  { ...page, name: 'crDar', path: '/crDar/$idh', titleKey: 'crDar.detail.pageTitle', component: detailPage },
  {
    ...page,
    name: 'crDar.line',
    path: '/crDar/$idh/line/$lineId',
    titleKey: 'crDar.line.pageTitle',
    component: detailPage,
  },
  { ...page, name: 'crDar.head', path: '/crDar/$idh/head', titleKey: 'crDar.head.pageTitle', component: detailPage },
];
