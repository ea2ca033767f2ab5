import path from 'node:path';
import { cataloguePdfFileName, type Language, type Theme } from '@ricambi/domain';
import type { Logger } from 'pino';
import { REPO_ROOT } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';
import { pdfLogo } from '../../platform/pdf.ts';
import type { Principal } from '../../platform/sessions.ts';
import { ensureFresh } from './catalogue.generation.ts';
import type { PdfCover } from './catalogue.pdf.tsx';
import { type CatalogueRecord, findCatalogue } from './catalogue.repository.ts';
import { createCataloguePdfJobs } from './catalogue-pdf.job.ts';
import { catalogueHead, personalCover, renderAssemblyPdf } from './catalogue-pdf.render.ts';
import {
  catalogueAccessCondition,
  hidesMachineCodes,
  loadMachineScope,
  machineScopeCondition,
} from './machines.access.ts';
import { machinesOfCatalogue } from './machines.repository.ts';
import { createMachinesService } from './machines.service.ts';

/** How the service finds the theme of a request (the themes module's resolve). */
export type ThemeLookup = {
  resolve: (
    hostName: string | undefined,
    userTema: string | null | undefined,
  ) => Pick<Theme, 'logo' | 'tokens'> | undefined;
};

export type CataloguePdfDeps = {
  db: Db;
  dataDir: string;
  /** Where the made full PDFs are kept (the attachments' store: every process reaches it). */
  store: FileStore;
  log: Pick<Logger, 'info' | 'error'>;
  themes?: ThemeLookup;
  /** Where the theme logos' paths (/themes/<name>/logo.svg) are found, first match wins (then the web's public/). */
  assetDirs?: readonly string[];
};

/** A logo path of a theme: an absolute URL path of letters, digits, dash, dot and slash, no "..". */
const SAFE_LOGO = /^\/(?!.*\.\.)[A-Za-z0-9/_.-]+\.(svg|png)$/;

/** The file name of the full PDF of a machine (spec 2 §9: catalogue description + serial). */
const fullPdfFileName = (catalogue: CatalogueRecord, lang: Language, serial: string) =>
  cataloguePdfFileName(catalogueHead(catalogue, lang).descrizione, serial);

/**
 * The serial that names an assembly PDF: the one the page passed when the user sees it, else the
 * catalogue code (spec: catalogue-level route), for a subdealer (who must not see codes) its first
 * visible serial.
 */
const assemblySerial = (
  principal: Principal,
  catalogue: CatalogueRecord,
  machines: readonly { mtMatricola: string }[],
  asked: string | undefined,
) => {
  const wanted = asked?.trim().toUpperCase();
  const match = wanted ? machines.find((m) => m.mtMatricola.toUpperCase() === wanted) : undefined;
  if (match) return match.mtMatricola;
  return hidesMachineCodes(principal) ? (machines[0]?.mtMatricola ?? '') : catalogue.crCodice;
};

export type PdfDownload = { fileName: string; bytes: Buffer };
export type CataloguePdfService = ReturnType<typeof createCataloguePdfService>;

/**
 * Catalogue PDFs (spec 2 §2, §4, §7, §9; issue 6 §5): one assembly drawn on request, and the full
 * catalogue made by the background job (catalogue-pdf.job.ts), downloaded with a cover for the
 * machine. Access first: the user must see the machine (or a machine of the catalogue); a stale
 * catalogue is regenerated first (ensureFresh, the tree's own).
 */
export const createCataloguePdfService = (deps: CataloguePdfDeps) => {
  const { db, dataDir } = deps;
  const jobs = createCataloguePdfJobs(deps);
  const machines = createMachinesService(db);

  const freshCatalogue = async (crId: number) => {
    await ensureFresh(db, crId);
    const catalogue = await findCatalogue(db, crId);
    if (!catalogue) throw notFound();
    return catalogue;
  };

  /** A catalogue the user may open, fresh, with the user's machines of it (by serial). */
  const visibleCatalogue = async (principal: Principal, crId: number) => {
    const scope = await loadMachineScope(db, principal);
    const found = await findCatalogue(db, crId, catalogueAccessCondition(scope));
    if (!found) throw notFound();
    const ofCatalogue = await machinesOfCatalogue(db, found.crCodice, machineScopeCondition(scope), 500);
    return { catalogue: await freshCatalogue(found.id), machines: ofCatalogue };
  };

  /** A machine the user may see and its catalogue, fresh. */
  const visibleMachine = async (principal: Principal, idMatricola: number) => {
    const found = await machines.byId(principal, idMatricola);
    if (!found || found.catalogoId === null) throw notFound();
    return { machine: found.m, catalogue: await freshCatalogue(found.catalogoId) };
  };

  const themeLogo = async (principal: Principal, hostName: string | undefined): Promise<PdfCover['logo']> => {
    const theme = deps.themes?.resolve(hostName, principal.tema);
    if (!theme || !SAFE_LOGO.test(theme.logo)) return null;
    for (const dir of [...(deps.assetDirs ?? []), path.join(REPO_ROOT, 'apps/web/public')]) {
      const image = await pdfLogo(path.join(dir, theme.logo), theme.tokens.colorHeaderBg);
      if (image) return { image, background: theme.tokens.colorHeaderBg };
    }
    return null;
  };

  /** The ready full PDF with this machine's cover. */
  const personal = async (
    principal: Principal,
    made: Buffer,
    catalogue: CatalogueRecord,
    serial: string,
    lang: Language,
    hostName: string | undefined,
  ): Promise<PdfDownload> => {
    const bytes = await personalCover(db, made, catalogue, lang, {
      serial,
      logo: await themeLogo(principal, hostName),
    });
    return { fileName: fullPdfFileName(catalogue, lang, serial), bytes };
  };

  return {
    /** GET /api/catalogo/{crId}/pdf/download/{rigItem}/{lang}: one assembly, drawn now. */
    assembly: async (
      principal: Principal,
      crId: number,
      rigItem: number,
      lang: Language,
      matricola: string | undefined,
    ): Promise<PdfDownload> => {
      const { catalogue, machines: seen } = await visibleCatalogue(principal, crId);
      const pdf = await renderAssemblyPdf(db, dataDir, catalogue, rigItem, lang);
      const serial = assemblySerial(principal, catalogue, seen, matricola);
      return { fileName: cataloguePdfFileName(pdf.descrizione, serial, pdf.rigItem), bytes: pdf.bytes };
    },

    /**
     * GET /api/catalogo/{idMatricola}/pdf/download/{lang}: the full PDF when ready (with the
     * machine's cover), else the job is started (or joined) and its state answered.
     */
    full: async (principal: Principal, idMatricola: number, lang: Language, hostName: string | undefined) => {
      const { machine, catalogue } = await visibleMachine(principal, idMatricola);
      const made = await jobs.readyPdf(catalogue.id, lang);
      if (made) return { ready: await personal(principal, made, catalogue, machine.mtMatricola, lang, hostName) };
      return { ready: undefined, status: await jobs.request(catalogue.id, lang) };
    },

    /** GET /api/esisteCatalogo/{idMatricola}: the state of the machine's full PDF in the language. */
    stateOf: async (principal: Principal, idMatricola: number, lang: Language) => {
      const { catalogue } = await visibleMachine(principal, idMatricola);
      return jobs.status(catalogue.id, lang);
    },

    /** GET /api/catalogo/download/{idMatricola}: the ready full PDF, 404 when there is none. */
    download: async (principal: Principal, idMatricola: number, lang: Language, hostName: string | undefined) => {
      const { machine, catalogue } = await visibleMachine(principal, idMatricola);
      const made = await jobs.readyPdf(catalogue.id, lang);
      if (!made) throw notFound();
      return personal(principal, made, catalogue, machine.mtMatricola, lang, hostName);
    },

    /** The job's own controls (a catalogue id, no user): start, state, rescue, and for tests and shutdown. */
    request: jobs.request,
    status: jobs.status,
    rescue: jobs.rescue,
    idle: jobs.idle,
    hold: jobs.hold,
    stop: jobs.stop,
  };
};
