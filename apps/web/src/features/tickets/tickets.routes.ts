import { TICKET_ROLES } from '@ricambi/domain';
import { lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '../../lib/app-route.ts';

/**
 * Spec 2 §2 ticket: the list (a main-menu entry with the badge of tickets waiting for the user), a
 * new ticket (/ticket/new, customers only: the page says so to the help desk) and one ticket.
 * Customers (ROLE_USER, ROLE_CR_USER) see their own; the help desk (ROLE_INTERNAL) every customer's.
 */
export const TICKET_ROUTES: AppRoute[] = [
  {
    name: 'ticket',
    path: '/ticket',
    access: TICKET_ROLES,
    titleKey: 'ticket.menu',
    component: lazyRouteComponent(() => import('./TicketListPage.tsx'), 'TicketListPage'),
    nav: { menu: 'main', order: 37 },
    area: 'parts',
  },
  {
    name: 'ticket.new',
    path: '/ticket/new',
    access: TICKET_ROLES,
    titleKey: 'ticket.form.newTitle',
    component: lazyRouteComponent(() => import('./TicketNewPage.tsx'), 'TicketNewPage'),
    area: 'parts',
  },
  {
    name: 'ticket.detail',
    path: '/ticket/$id',
    access: TICKET_ROLES,
    titleKey: 'ticket.detail.pageTitle',
    component: lazyRouteComponent(() => import('./TicketDetailPage.tsx'), 'TicketDetailPage'),
    area: 'parts',
  },
];
