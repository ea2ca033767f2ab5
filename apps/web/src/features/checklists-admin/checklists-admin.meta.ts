import { CHECKLIST_ADMIN_ROLES } from '@ricambi/domain';
import { CHECKLIST_ENTITIES } from '../../api/checklists-admin.api.ts';
import type { EntityRouteMeta } from '../../components/entity-admin/entity-routes.ts';

/** Spec 3 §2, §6: the checklist administration, ROLE_MANAGER; the route side of its four entities. */
const access = { read: CHECKLIST_ADMIN_ROLES, write: CHECKLIST_ADMIN_ROLES };

export const CR_DAR_TEMPLATE_HEADER_META: EntityRouteMeta = {
  name: CHECKLIST_ENTITIES.templateHeader,
  listPath: '/crDarTemplateHeaders',
  detailPath: '/crDarTemplateHeader',
  idParams: ['id'],
  access,
};

export const CR_DAR_TEMPLATE_LINE_META: EntityRouteMeta = {
  name: CHECKLIST_ENTITIES.templateLine,
  listPath: '/crDarTemplateLines',
  detailPath: '/crDarTemplateLine',
  idParams: ['id'],
  access,
};

export const CR_DAR_HEADER_META: EntityRouteMeta = {
  name: CHECKLIST_ENTITIES.header,
  listPath: '/crDarHeaders',
  detailPath: '/crDarHeader',
  idParams: ['id'],
  access,
};

export const CR_DAR_LINE_META: EntityRouteMeta = {
  name: CHECKLIST_ENTITIES.line,
  listPath: '/crDarLines',
  detailPath: '/crDarLine',
  idParams: ['id'],
  access,
};
