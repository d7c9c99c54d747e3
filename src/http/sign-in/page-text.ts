// The words of the sign-in page, in Spanish (Peru: usted, formal and plain) and English. Kept apart
// from the markup so that each language reads whole, and a test can check that neither leaks into
// the other. Every text is trusted HTML; the functions' arguments must arrive HTML-escaped already.
import { KEY_PREFIX } from '../../config.js';
import type { PageLanguage, SignInProblem } from './page.js';

/** The permission a key needs to read the book: the service's code for it, shown after the words that say what it allows. */
const VIEW_PERMISSION = '<code>complaints.view</code>';
/** Kept on the line of the word before it: alone at the start of a line, the prefix reads as a stray token. */
const PREFIX = `&nbsp;<code>${KEY_PREFIX}</code>`;

export interface PageText {
  title: string;
  /** Put before the title when the form comes back with a problem, so that a screen reader says so first. */
  errorTitle: string;
  /** Who asks: `name` and `site` escaped; `name` undefined when the client gave none. */
  asks(name: string | undefined, site: string | undefined): string;
  /** Where the member goes after signing in: `place` escaped; `local` when it is this machine (loopback). */
  sentBackTo(place: string, local: boolean): string;
  /** What the key is checked with and must allow, and how it is kept: `service` is the API's host, escaped (undefined: not known). */
  keyHandling(service: string | undefined): string;
  label: string;
  /** Where to find the key and how it starts: under the label, and read with the field. */
  hint: string;
  button: string;
  notYou: string;
  problems: Readonly<Record<SignInProblem, string>>;
}

const ES: PageText = {
  title: 'Conectar con el Libro de Reclamaciones',
  errorTitle: 'Error: ',
  asks: (name, site) => {
    const wants = 'quiere leer el Libro de Reclamaciones de su organización con su clave personal.';
    const from = site === undefined ? '' : ` (del sitio <b>${site}</b>)`;
    return name === undefined ? `Una aplicación${from} ${wants}` : `<b>${name}</b>${from} ${wants}`;
  },
  sentBackTo: (place, local) => (local ? `Al terminar, volverá a la aplicación en este equipo (<b>${place}</b>).` : `Al terminar, volverá a <b>${place}</b>.`),
  keyHandling: (service) =>
    `Su clave se comprueba con ${service === undefined ? 'el servicio del libro' : `<b>${service}</b>`} y necesita permiso para ver el Libro de Reclamaciones. ` +
    'Este servidor la guarda cifrada dentro de la credencial de acceso que recibe la aplicación y solo la usa para leer el libro en su nombre. La aplicación no puede ver su clave.',
  label: 'Su clave de API personal',
  hint: `Empieza con${PREFIX}. Se crea en la sección de su cuenta del panel del servicio, que la muestra una sola vez.`,
  button: 'Conectar',
  notYou: 'Si usted no inició esta conexión, cierre esta página.',
  problems: {
    key_shape: `Una clave personal empieza con${PREFIX} y es larga: revise que la haya copiado completa.`,
    key_refused: 'El servicio no aceptó esta clave. Revise que esté completa y que no haya sido revocada.',
    key_forbidden: `Esta clave no tiene permiso para ver el Libro de Reclamaciones (${VIEW_PERMISSION}). Pida ese permiso a un administrador de su organización.`,
    service_unreachable: 'No se pudo contactar con el servicio. Inténtelo de nuevo en un momento.',
    form_expired:
      'El formulario venció o se abrió en otra pestaña. Escriba su clave de nuevo; si vuelve a fallar, inicie la conexión otra vez desde la aplicación.',
  },
};

const EN: PageText = {
  title: 'Connect to the complaints book',
  errorTitle: 'Error: ',
  asks: (name, site) => {
    const wants = "wants to read your organization's complaints book (Libro de Reclamaciones) with your personal key.";
    const from = site === undefined ? '' : ` (from the site <b>${site}</b>)`;
    return name === undefined ? `An application${from} ${wants}` : `<b>${name}</b>${from} ${wants}`;
  },
  sentBackTo: (place, local) =>
    local
      ? `When you are done, you will be sent back to the application on this computer (<b>${place}</b>).`
      : `When you are done, you will be sent back to <b>${place}</b>.`,
  keyHandling: (service) =>
    `Your key is checked with ${service === undefined ? "the book's service" : `<b>${service}</b>`} and needs permission to view the complaints book. ` +
    'This server keeps it encrypted inside the access token the application receives and uses it only to read the book on your behalf. The application cannot see your key.',
  label: 'Your personal API key',
  hint: `It starts with${PREFIX}; you create it in the account section of the service's dashboard, which shows it only once.`,
  button: 'Connect',
  notYou: 'If you did not start this, close this page.',
  problems: {
    key_shape: `A personal key starts with${PREFIX} and is long: check that you copied all of it.`,
    key_refused: 'The service did not accept this key. Check that it is complete and has not been revoked.',
    key_forbidden: `This key lacks permission to view the complaints book (${VIEW_PERMISSION}). Ask an administrator of your organization for it.`,
    service_unreachable: 'The service could not be reached. Try again in a moment.',
    form_expired: 'This form expired or was opened in another tab. Enter your key again; if it fails again, start the connection again from the application.',
  },
};

export const PAGE_TEXT: Readonly<Record<PageLanguage, PageText>> = { es: ES, en: EN };
