import type { Language } from './i18n.constants.ts';

export type Country = {
  /** ISO 3166-1 alpha-3, the value stored in `stato` (spec 1 §3: id.chiaveDue). */
  code: string;
  names: Record<Language, string>;
  /** Spec 1 §5: provinces are enabled only for Italy. */
  provinces: boolean;
};

const c = (code: string, it: string, en: string, fr: string, de: string, es: string, provinces = false): Country => ({
  code,
  names: { it, en, fr, de, es },
  provinces,
});

/** The countries offered in address forms (subdealer address, checkout). */
export const COUNTRIES: readonly Country[] = [
  c('ITA', 'Italia', 'Italy', 'Italie', 'Italien', 'Italia', true),
  c('ALB', 'Albania', 'Albania', 'Albanie', 'Albanien', 'Albania'),
  c('AUT', 'Austria', 'Austria', 'Autriche', 'Österreich', 'Austria'),
  c('BEL', 'Belgio', 'Belgium', 'Belgique', 'Belgien', 'Bélgica'),
  c('BGR', 'Bulgaria', 'Bulgaria', 'Bulgarie', 'Bulgarien', 'Bulgaria'),
  c('HRV', 'Croazia', 'Croatia', 'Croatie', 'Kroatien', 'Croacia'),
  c('CZE', 'Repubblica Ceca', 'Czech Republic', 'République tchèque', 'Tschechien', 'República Checa'),
  c('DNK', 'Danimarca', 'Denmark', 'Danemark', 'Dänemark', 'Dinamarca'),
  c('FIN', 'Finlandia', 'Finland', 'Finlande', 'Finnland', 'Finlandia'),
  c('FRA', 'Francia', 'France', 'France', 'Frankreich', 'Francia'),
  c('DEU', 'Germania', 'Germany', 'Allemagne', 'Deutschland', 'Alemania'),
  c('GRC', 'Grecia', 'Greece', 'Grèce', 'Griechenland', 'Grecia'),
  c('IRL', 'Irlanda', 'Ireland', 'Irlande', 'Irland', 'Irlanda'),
  c('LUX', 'Lussemburgo', 'Luxembourg', 'Luxembourg', 'Luxemburg', 'Luxemburgo'),
  c('MLT', 'Malta', 'Malta', 'Malte', 'Malta', 'Malta'),
  c('NOR', 'Norvegia', 'Norway', 'Norvège', 'Norwegen', 'Noruega'),
  c('NLD', 'Paesi Bassi', 'Netherlands', 'Pays-Bas', 'Niederlande', 'Países Bajos'),
  c('POL', 'Polonia', 'Poland', 'Pologne', 'Polen', 'Polonia'),
  c('PRT', 'Portogallo', 'Portugal', 'Portugal', 'Portugal', 'Portugal'),
  c('GBR', 'Regno Unito', 'United Kingdom', 'Royaume-Uni', 'Vereinigtes Königreich', 'Reino Unido'),
  c('ROU', 'Romania', 'Romania', 'Roumanie', 'Rumänien', 'Rumanía'),
  c('SMR', 'San Marino', 'San Marino', 'Saint-Marin', 'San Marino', 'San Marino'),
  c('SRB', 'Serbia', 'Serbia', 'Serbie', 'Serbien', 'Serbia'),
  c('SVK', 'Slovacchia', 'Slovakia', 'Slovaquie', 'Slowakei', 'Eslovaquia'),
  c('SVN', 'Slovenia', 'Slovenia', 'Slovénie', 'Slowenien', 'Eslovenia'),
  c('ESP', 'Spagna', 'Spain', 'Espagne', 'Spanien', 'España'),
  c('SWE', 'Svezia', 'Sweden', 'Suède', 'Schweden', 'Suecia'),
  c('CHE', 'Svizzera', 'Switzerland', 'Suisse', 'Schweiz', 'Suiza'),
  c('TUR', 'Turchia', 'Turkey', 'Turquie', 'Türkei', 'Turquía'),
  c('HUN', 'Ungheria', 'Hungary', 'Hongrie', 'Ungarn', 'Hungría'),
];

export const isCountryCode = (code: string) => COUNTRIES.some((country) => country.code === code);
