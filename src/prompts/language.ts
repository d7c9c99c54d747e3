// The languages a report is written in, and the law's terms each must use. Complaints managers in
// Peru read the reports; the law's own words (Código de Protección y Defensa del Consumidor and the
// Reglamento del Libro de Reclamaciones) are Spanish, so an English report keeps them too.
import { z } from 'zod';
import { LANGUAGES, type Language, type Texts } from '../texts.js';

export { LANGUAGES, type Language };
export const DEFAULT_LANGUAGE: Language = 'es';

/** The optional `language` argument every report prompt takes; its default is the member's setting. */
export const languageArgument = z
  .enum(LANGUAGES, { error: `expected ${LANGUAGES.join(' or ')}` })
  .optional()
  .describe('The language of the report: es (Spanish) or en (English); default COMPLAINTS_LANGUAGE, itself es.');

export function completeLanguage(value: string): string[] {
  return LANGUAGES.filter((language) => language.startsWith(value.toLowerCase()));
}

/** The words every report prompt shares, per language. */
export interface ReportText {
  /** The closing request of a report: its language and the legal terms, said in that language. */
  legalTerms: string;
}

export const REPORT_TEXT: Texts<ReportText> = {
  es: {
    legalTerms: [
      'Escribe en español y usa los términos de la ley: reclamo (disconformidad con un producto o servicio) y queja (disconformidad no relacionada con los productos o servicios, o malestar por la atención al público),',
      'plazo de 15 días hábiles, respuesta oficial, hoja de reclamación.',
    ].join(' '),
  },
  en: {
    legalTerms: [
      'Write in English, and keep the law’s Spanish terms, glossed once: reclamo (a claim about a product or service), queja (a complaint not about the products or services, such as about customer service),',
      'plazo de 15 días hábiles (the 15-business-day deadline), respuesta oficial (official response), hoja de reclamación (the complaint form).',
    ].join(' '),
  },
};
