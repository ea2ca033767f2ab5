import {
  CHECKLIST_ADMIN_ROLES,
  CHECKLIST_HEADER_ADMIN_SORT_FIELDS,
  CHECKLIST_LINE_ADMIN_SORT_FIELDS,
  CHECKLIST_TEMPLATE_HEADER_SORT_FIELDS,
  CHECKLIST_TEMPLATE_LINE_SORT_FIELDS,
  checklistHeaderAdminInputSchema,
  checklistHeaderAdminSchema,
  checklistLineAdminInputSchema,
  checklistLineAdminSchema,
  checklistTemplateHeaderAdminSchema,
  checklistTemplateHeaderInputSchema,
  checklistTemplateLineAdminSchema,
  checklistTemplateLineInputSchema,
} from '@ricambi/domain';
import type { AnyColumn } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { crDarHeader, crDarLine, crDarTemplateHeader, crDarTemplateLine } from '../../db/schema/index.ts';
import { requirePrincipal } from '../../platform/auth.ts';
import { registerCrud } from '../../platform/crud.ts';
import { withAlert } from '../../platform/errors.ts';
import type { Files } from '../../platform/files.ts';
import {
  HEADER_SORTABLE,
  headerSearch,
  LINE_SORTABLE,
  lineSearch,
  TEMPLATE_HEADER_SORTABLE,
  TEMPLATE_LINE_SORTABLE,
  templateHeaderSearch,
  templateLineSearch,
} from './checklists-admin.repository.ts';
import {
  assertTemplateEditable,
  createChecklistAdmin,
  newTemplateVersion,
  templateHeaderColumns,
  templateHeaderResponses,
  templateLineColumns,
  templateLineResponses,
} from './checklists-admin.service.ts';

/** Spec 3 §2, §6: managers administer the checklists and their templates. */
const manager = { read: CHECKLIST_ADMIN_ROLES, write: CHECKLIST_ADMIN_ROLES };
const idSchema = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive()
  .max(Number.MAX_SAFE_INTEGER);
const ids = <T extends { id: AnyColumn }>(table: T) => [
  { param: 'id', key: 'id' as const, column: table.id, schema: idSchema },
];

export type ChecklistsAdminDeps = { db: Db; files: Files };

/**
 * The checklist administration (spec 3 §2, §3, §5, §7) on the entity kit: templates (headers and
 * lines; versioned once a checklist was compiled from them), compiled checklists and their lines.
 */
export const checklistsAdminRoutes = (deps: ChecklistsAdminDeps) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files } = deps;
  const admin = createChecklistAdmin({ files });
  const purge = () => files.purge(db).then(() => undefined);

  registerCrud(app, {
    db,
    path: '/api/crDarTemplateHeaders',
    entity: 'crDarTemplateHeader',
    table: crDarTemplateHeader,
    ids: ids(crDarTemplateHeader),
    access: manager,
    response: checklistTemplateHeaderAdminSchema,
    create: checklistTemplateHeaderInputSchema,
    update: checklistTemplateHeaderInputSchema,
    sortFields: CHECKLIST_TEMPLATE_HEADER_SORT_FIELDS,
    sortable: TEMPLATE_HEADER_SORTABLE,
    search: templateHeaderSearch,
    auditFields: true,
    toResponses: templateHeaderResponses,
    toInsert: (input) => templateHeaderColumns(input),
    toUpdate: async (input, { tx, existing }) => {
      await assertTemplateEditable(tx, existing.id);
      return templateHeaderColumns(input);
    },
    beforeDelete: ({ tx, existing }) => assertTemplateEditable(tx, existing.id),
  });

  r.post(
    '/api/crDarTemplateHeaders/:id/newVersion',
    {
      config: { access: CHECKLIST_ADMIN_ROLES },
      schema: {
        tags: ['crDarTemplateHeader'],
        description:
          'A new version of the template and its lines, in force from today; the old one is closed yesterday.',
        params: z.object({ id: idSchema }),
        response: { 201: checklistTemplateHeaderAdminSchema },
      },
    },
    async (request, reply) => {
      const created = await newTemplateVersion(db, requirePrincipal(request.principal), request.params.id);
      withAlert(reply, 'crDarTemplateHeader.versioned', { param: created.versione });
      reply.header('Location', `/api/crDarTemplateHeaders/${created.id}`);
      return reply.code(201).send(created);
    },
  );

  registerCrud(app, {
    db,
    path: '/api/crDarTemplateLines',
    entity: 'crDarTemplateLine',
    table: crDarTemplateLine,
    ids: ids(crDarTemplateLine),
    access: manager,
    response: checklistTemplateLineAdminSchema,
    create: checklistTemplateLineInputSchema,
    update: checklistTemplateLineInputSchema,
    sortFields: CHECKLIST_TEMPLATE_LINE_SORT_FIELDS,
    sortable: TEMPLATE_LINE_SORTABLE,
    search: templateLineSearch,
    auditFields: true,
    toResponses: templateLineResponses,
    toInsert: (input, { tx }) => templateLineColumns(tx, input),
    toUpdate: (input, { tx, existing }) => templateLineColumns(tx, input, existing),
    beforeDelete: ({ tx, existing }) => assertTemplateEditable(tx, existing.templateHeaderId),
  });

  registerCrud(app, {
    db,
    path: '/api/crDarHeaders',
    entity: 'crDarHeader',
    table: crDarHeader,
    ids: ids(crDarHeader),
    access: manager,
    response: checklistHeaderAdminSchema,
    create: checklistHeaderAdminInputSchema,
    update: checklistHeaderAdminInputSchema,
    sortFields: CHECKLIST_HEADER_ADMIN_SORT_FIELDS,
    sortable: HEADER_SORTABLE,
    search: headerSearch,
    auditFields: true,
    toResponses: admin.headerResponses,
    toInsert: (input, { tx, principal }) => admin.headerColumns(tx, principal, input),
    toUpdate: (input, { tx, principal, existing }) => admin.headerColumns(tx, principal, input, existing),
    afterInsert: ({ tx, principal, row }) => admin.headerCreated(tx, principal, row),
    afterUpdate: ({ tx, principal, row }) => admin.headerUpdated(tx, principal, row),
    beforeDelete: ({ tx, existing }) => admin.beforeHeaderDelete(tx, existing),
    afterChange: purge,
  });

  registerCrud(app, {
    db,
    path: '/api/crDarLines',
    entity: 'crDarLine',
    table: crDarLine,
    ids: ids(crDarLine),
    access: manager,
    response: checklistLineAdminSchema,
    create: checklistLineAdminInputSchema,
    update: checklistLineAdminInputSchema,
    sortFields: CHECKLIST_LINE_ADMIN_SORT_FIELDS,
    sortable: LINE_SORTABLE,
    search: lineSearch,
    auditFields: true,
    toResponses: admin.lineResponses,
    toInsert: (input, { tx }) => admin.lineColumns(tx, input),
    toUpdate: (input, { tx, existing }) => admin.lineColumns(tx, input, existing),
    afterInsert: ({ tx, principal, row }) => admin.lineChanged(tx, principal, row),
    afterUpdate: ({ tx, principal, row }) => admin.lineChanged(tx, principal, row),
    beforeDelete: ({ tx, principal, existing }) => admin.lineDeleted(tx, principal, existing),
    afterChange: purge,
  });
};
