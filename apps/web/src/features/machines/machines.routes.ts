import { ITEM_PAGE_ROLES, MACHINE_AREA_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

const pages = () => import('./machines.pages.ts');
const MachineSearchPage = lazyRouteComponent(pages, 'MachineSearchPage');
const CataloguePage = lazyRouteComponent(pages, 'CataloguePage');
const ItemPage = lazyRouteComponent(pages, 'ItemPage');

/**
 * Spec 2 §2 names ROLE_CR_USER and ROLE_CR_SUBDEALER; internal staff reach the catalogue too, as
 * its refresh is theirs (spec 2 §2, §6), and the server's machine area admits them.
 */
const MACHINE_AREA = MACHINE_AREA_ROLES;

/**
 * Spec 2 §2: machine search (homemachine; HomePage sends a parts-only theme here by the name
 * 'machine-home'), the catalogue of a machine, and the item page with its code lookup.
 */
export const MACHINE_ROUTES: AppRoute[] = [
  {
    name: 'machine-home',
    path: '/machine/search/',
    access: MACHINE_AREA,
    titleKey: 'machines.search.title',
    component: MachineSearchPage,
    nav: { menu: 'main', order: 10 },
    area: 'parts',
  },
  {
    name: 'catalogo_detail',
    path: '/catalogo/$idMatricola/$matricola',
    access: MACHINE_AREA,
    titleKey: 'machines.catalogue.title',
    component: CataloguePage,
    area: 'parts',
  },
  {
    name: 'item-search',
    path: '/item/search/$id',
    access: ITEM_PAGE_ROLES,
    titleKey: 'machines.item.title',
    component: ItemPage,
    area: 'parts',
  },
  {
    name: 'item-lookup',
    path: '/item/search/',
    access: ITEM_PAGE_ROLES,
    titleKey: 'machines.item.menu',
    component: ItemPage,
    nav: { menu: 'main', order: 12 },
    area: 'parts',
  },
];
