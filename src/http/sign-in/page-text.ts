// The words of the sign-in page and of its error page, in Spanish (Peru: usted, formal and plain) and
// English. Kept apart from the markup so that each language reads whole, and a test can check that
// neither leaks into the other. Every text is trusted HTML; the functions' arguments must arrive
// HTML-escaped already.
import { KEY_PREFIX } from '../../config.js';
import type { Texts } from '../../texts.js';
import type { DocumentFailureCause } from './client-metadata.js';
import type { RedirectKind, SignInErrorKind, SignInProblem } from './page.js';

/** The permission a key needs to read the book: the service's code for it, shown after the words that say what it allows. */
const VIEW_PERMISSION = '<code>complaints.view</code>';
/** Kept on the line of the word before it: alone at the start of a line, the prefix reads as a stray token. */
const PREFIX = `&nbsp;<code>${KEY_PREFIX}</code>`;

export interface PageText {
  title: string;
  /** Put before the title when the form comes back with a problem, so that a screen reader says so first. */
  errorTitle: string;
  /**
   * Who asks: `site` (escaped) is the host the client's document was read from, which this server
   * checked; `name` (escaped, with no quotation marks) is what the client calls itself, which no one
   * checked: it is quoted and said to be its own, never written as the page's words. Undefined when absent.
   */
  asks(name: string | undefined, site: string | undefined): string;
  /** Where the member goes after signing in: `place` escaped, a web site's host, this machine's loopback address, or an app's own scheme ("vscode:"). */
  sentBackTo(place: string, kind: RedirectKind): string;
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
    const from = site === undefined ? '' : ` del sitio <b>${site}</b>`;
    const calledSo = name === undefined ? '' : ` que se presenta como «${name}»`;
    const claim = name === undefined ? '' : ' Ese nombre lo da la propia aplicación: este servidor no lo ha verificado.';
    return `Una aplicación${from}${calledSo} quiere leer el Libro de Reclamaciones de su organización con su clave personal.${claim}`;
  },
  sentBackTo: (place, kind) =>
    kind === 'site'
      ? `Al terminar, volverá a <b>${place}</b>.`
      : kind === 'local'
        ? `Al terminar, volverá a la aplicación en este equipo (<b>${place}</b>).`
        : `Al terminar, volverá a la aplicación de este equipo que abre los enlaces <code>${place}</code> (no es un sitio web).`,
  keyHandling: (service) =>
    `Su clave se comprueba con ${service === undefined ? 'el servicio del libro' : `<b>${service}</b>`} y necesita permiso para ver el Libro de Reclamaciones. ` +
    'Este servidor la guarda cifrada dentro de la credencial de acceso que recibe la aplicación y solo la usa para leer el libro en su nombre. La aplicación no puede ver su clave.',
  label: 'Su clave de API personal',
  hint: `Empieza con${PREFIX}. Se crea en la sección de su cuenta del panel del servicio, que la muestra una sola vez.`,
  button: 'Conectar',
  notYou: 'Si usted no inició esta conexión, cierre esta página.',
  problems: {
    key_shape: `Una clave personal empieza con${PREFIX} y es larga: revise que la haya copiado completa.`,
    key_quoted: 'La clave se pegó entre comillas: quítelas y escriba solo la clave.',
    key_refused: 'El servicio no aceptó esta clave. Revise que esté completa y que no haya sido revocada.',
    key_forbidden: `Esta clave no tiene permiso para ver el Libro de Reclamaciones (${VIEW_PERMISSION}). Pida ese permiso a un administrador de su organización.`,
    service_unreachable: 'No se pudo contactar con el servicio. Inténtelo de nuevo en un momento.',
    too_many_keys: 'Se probaron desde su conexión demasiadas claves que el servicio no ha aceptado. Espere un minuto e inténtelo de nuevo.',
    form_expired:
      'El formulario venció o se abrió en otra pestaña. Escriba su clave de nuevo; si vuelve a fallar, inicie la conexión otra vez desde la aplicación.',
  },
};

const EN: PageText = {
  title: 'Connect to the complaints book',
  errorTitle: 'Error: ',
  asks: (name, site) => {
    const from = site === undefined ? '' : ` from the site <b>${site}</b>`;
    const calledSo = name === undefined ? '' : ` that calls itself “${name}”`;
    const claim = name === undefined ? '' : " That name is the application's own: this server has not verified it.";
    return `An application${from}${calledSo} wants to read your organization's complaints book (Libro de Reclamaciones) with your personal key.${claim}`;
  },
  sentBackTo: (place, kind) =>
    kind === 'site'
      ? `When you are done, you will be sent back to <b>${place}</b>.`
      : kind === 'local'
        ? `When you are done, you will be sent back to the application on this computer (<b>${place}</b>).`
        : `When you are done, you will be sent back to the application on this computer that opens <code>${place}</code> links (not a website).`,
  keyHandling: (service) =>
    `Your key is checked with ${service === undefined ? "the book's service" : `<b>${service}</b>`} and needs permission to view the complaints book. ` +
    'This server keeps it encrypted inside the access token the application receives and uses it only to read the book on your behalf. The application cannot see your key.',
  label: 'Your personal API key',
  hint: `It starts with${PREFIX}; you create it in the account section of the service's dashboard, which shows it only once.`,
  button: 'Connect',
  notYou: 'If you did not start this, close this page.',
  problems: {
    key_shape: `A personal key starts with${PREFIX} and is long: check that you copied all of it.`,
    key_quoted: 'The key was pasted with quotes around it: remove them and enter the key alone.',
    key_refused: 'The service did not accept this key. Check that it is complete and has not been revoked.',
    key_forbidden: `This key lacks permission to view the complaints book (${VIEW_PERMISSION}). Ask an administrator of your organization for it.`,
    service_unreachable: 'The service could not be reached. Try again in a moment.',
    too_many_keys: 'Too many keys the service has not accepted were tried from your connection. Wait a minute and try again.',
    form_expired: 'This form expired or was opened in another tab. Enter your key again; if it fails again, start the connection again from the application.',
  },
};

export const PAGE_TEXT: Texts<PageText> = { es: ES, en: EN };

/** The kinds of error a request can meet before the sign-in page, but a client's document. */
type RequestErrorKind = Exclude<SignInErrorKind, 'client_document'>;

export interface ErrorPageText {
  title: string;
  /** A client's document could not be used: `url` escaped, shown as code. */
  documentIntro(url: string): string;
  /** The authorization request itself cannot be used. */
  requestIntro: string;
  whyLabel: string;
  todoLabel: string;
  /** Why, per cause: `status` only for 'status'. */
  causes: Readonly<Record<DocumentFailureCause, (status: number | undefined) => string>>;
  /** What to do when the server could not reach the app's site: `host` escaped (undefined: not shown). */
  reachSite(host: string | undefined): string;
  /** Who is not affected by a site the server cannot reach. */
  notAffected: string;
  /** What to do when the site answered, but not well. */
  badAnswer: string;
  /** What to do when the server was busy. */
  tryAgain: string;
  /** Why and what to do, per error of the request. */
  /** `intro` where the request is not at fault (requestIntro says the link is). */
  requests: Readonly<Record<RequestErrorKind, { why: string; todo: string; intro?: string }>>;
  /** Said below a document's error: whoever runs the server has a line about it. */
  logNote: string;
  close: string;
}

const ES_ERRORS: ErrorPageText = {
  title: 'No se pudo iniciar la conexión',
  documentIntro: (url) =>
    `La aplicación que pide conectarse se identifica con un documento publicado en su propio sitio, <code>${url}</code>, y este servidor no pudo usarlo.`,
  requestIntro: 'Este enlace de conexión no se puede usar.',
  whyLabel: 'Motivo:',
  todoLabel: 'Qué hacer:',
  causes: {
    unresolved: () => 'este servidor no encuentra el nombre de ese sitio (DNS).',
    timeout: () => 'ese sitio no respondió a tiempo.',
    refused: () => 'la conexión fue rechazada, o la dirección del sitio está en una red privada, a la que este servidor no se conecta.',
    tls: () => 'no se pudo establecer una conexión segura (https) con ese sitio, o su certificado no fue aceptado.',
    network: () => 'la conexión con ese sitio falló.',
    status: (status) => `ese sitio respondió con un error${status === undefined ? '' : ` (HTTP ${status})`}.`,
    document: () => 'ese sitio respondió, pero no con un documento de identificación válido.',
    busy: () => 'este servidor está leyendo muchos documentos de ese tipo a la vez.',
  },
  reachSite: (host) =>
    `pida a quien administra este servidor que le permita conectarse por https a ${host === undefined ? 'ese sitio' : `<b>${host}</b>`}: su salida a Internet, su DNS o su proxy.`,
  notAffected:
    'Esto solo afecta a las aplicaciones que se identifican con un documento en su propio sitio, como Claude Code y Codex; las que se registran por sí mismas en este servidor (registro dinámico, como ChatGPT o VS Code) se conectan con normalidad.',
  badAnswer:
    'vuelva a intentarlo más tarde. Si se repite, avise a quien administra este servidor (si sale a Internet por un proxy, puede ser el proxy quien responde) o a quien publica la aplicación.',
  tryAgain: 'vuelva a intentarlo en un momento desde la aplicación.',
  requests: {
    unknown_client: {
      why: 'este servidor no reconoce a la aplicación que pide conectarse: su registro no es válido aquí (quizá se hizo con otra configuración del servidor).',
      todo: 'quite el conector en la aplicación y vuelva a agregarlo, para que se registre de nuevo.',
    },
    redirect_uri: {
      why: 'la aplicación pidió volver a una dirección que no registró, o no dijo a cuál volver.',
      todo: 'inicie la conexión de nuevo desde la aplicación. Si se repite, quite el conector y vuelva a agregarlo.',
    },
    incomplete_request: {
      why: 'al enlace le faltan datos: no dice qué aplicación pide conectarse.',
      todo: 'inicie la conexión desde la aplicación, no desde un enlace copiado o guardado.',
    },
    unavailable: {
      intro: 'El inicio de sesión no está disponible en este momento.',
      why: 'este servidor no puede consultar ahora la memoria que comparte con sus réplicas, y no emite nada que no pueda comprobar.',
      todo: 'espere unos segundos y vuelva a intentarlo desde la aplicación. Si sigue igual, avise a quien administra este servidor.',
    },
  },
  logNote: 'Quien administra este servidor encontrará el detalle en su registro.',
  close: 'Puede cerrar esta página.',
};

const EN_ERRORS: ErrorPageText = {
  title: 'The connection could not be started',
  documentIntro: (url) =>
    `The app asking to connect identifies itself with a document published on its own site, <code>${url}</code>, and this server could not use it.`,
  requestIntro: 'This sign-in link cannot be used.',
  whyLabel: 'Why:',
  todoLabel: 'What to do:',
  causes: {
    unresolved: () => "this server cannot find that site's name (DNS).",
    timeout: () => 'that site did not answer in time.',
    refused: () => "the connection was refused, or the site's address is on a private network, which this server does not connect to.",
    tls: () => 'a secure (https) connection to that site could not be made, or its certificate was not accepted.',
    network: () => 'the connection to that site failed.',
    status: (status) => `that site answered with an error${status === undefined ? '' : ` (HTTP ${status})`}.`,
    document: () => 'that site answered, but not with a valid identification document.',
    busy: () => 'this server is reading many documents of that kind at once.',
  },
  reachSite: (host) =>
    `ask whoever runs this server to let it connect over https to ${host === undefined ? 'that site' : `<b>${host}</b>`}: its outbound network, DNS or proxy.`,
  notAffected:
    'This only affects apps that identify themselves with a document on their own site, as Claude Code and Codex do; apps that register with this server by themselves (dynamic registration, as ChatGPT and VS Code do) connect as usual.',
  badAnswer:
    'try again later. If it happens again, tell whoever runs this server (if it reaches the Internet through a proxy, the proxy may be the one answering) or whoever publishes the app.',
  tryAgain: 'try again in a moment from the app.',
  requests: {
    unknown_client: {
      why: 'this server does not recognise the app asking to connect: its registration is not valid here (it may have been made under another configuration of the server).',
      todo: 'remove the connector in the app and add it again, so that it registers anew.',
    },
    redirect_uri: {
      why: 'the app asked to be sent back to an address it did not register, or did not say where.',
      todo: 'start the connection again from the app. If it happens again, remove the connector and add it again.',
    },
    incomplete_request: {
      why: 'the link lacks what it needs: it does not say which app asks to connect.',
      todo: 'start the connection from the app, not from a copied or saved link.',
    },
    unavailable: {
      intro: 'Sign-in is not available right now.',
      why: 'this server cannot reach the memory it shares with its replicas right now, and issues nothing it cannot check.',
      todo: 'wait a few seconds and try again from the app. If it persists, tell whoever runs this server.',
    },
  },
  logNote: "Whoever runs this server will find the detail in the server's log.",
  close: 'You can close this page.',
};

export const ERROR_PAGE_TEXT: Texts<ErrorPageText> = { es: ES_ERRORS, en: EN_ERRORS };
