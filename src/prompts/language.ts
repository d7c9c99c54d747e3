// The languages a report is written in, and the law's terms each must use. Complaints managers in
// Peru read the reports; the law's own words (Código de Protección y Defensa del Consumidor and the
// Reglamento del Libro de Reclamaciones) are Spanish, so an English report keeps them too.
import { z } from 'zod';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** The optional `language` argument every report prompt takes; its default is the member's setting. */
export const languageArgument = z
  .enum(LANGUAGES, { error: `expected ${LANGUAGES.join(' or ')}` })
  .optional()
  .describe('The language of the report: es (Spanish) or en (English); default COMPLAINTS_LANGUAGE, itself es.');

export function completeLanguage(value: string): string[] {
  return LANGUAGES.filter((language) => language.startsWith(value.toLowerCase()));
}

/** The closing request of a report: its language and the legal terms, said in that language. */
export const LEGAL_TERMS: Readonly<Record<Language, string>> = {
  es: [
    'Escribe en español y usa los términos de la ley: reclamo (disconformidad con un producto o servicio) y queja (malestar por la atención al público),',
    'plazo de 15 días hábiles, respuesta oficial, hoja de reclamación.',
  ].join(' '),
  en: [
    'Write in English, and keep the law’s Spanish terms, glossed once: reclamo (a claim about a product or service), queja (a complaint about customer service),',
    'plazo de 15 días hábiles (the 15-business-day deadline), respuesta oficial (official response), hoja de reclamación (the complaint form).',
  ].join(' '),
};
