// The detail panel's offer to draft the official response of the record shown (unanswered, and the
// host takes messages: draft-request.ts decides): its button, and what became of the request, a
// failure worded as the panel words a record it could not read. The panel is a polite live region:
// what follows the button is read out as it changes.
import { h, present } from './dom.js';
import type { DraftState } from './draft-request.js';
import { type Lang, label } from './labels.js';

export interface DraftOffer {
  status: DraftState;
  /** The member chose the button. */
  ask: () => void;
}

export function draftPart(offer: DraftOffer, lang: Lang): HTMLElement {
  const { status } = offer;
  const button = h('button', { type: 'button', class: 'draft-button', 'data-draft': '' }, label(lang, 'draftButton'));
  // aria-disabled rather than disabled while the host answers: the button keeps the focus it has.
  if (status.state === 'sending') button.setAttribute('aria-disabled', 'true');
  button.addEventListener('click', () => {
    if (status.state !== 'sending') offer.ask();
  });
  return h(
    'div',
    { class: 'draft', 'data-draft-state': status.state },
    ...present(
      button,
      status.state === 'sent' && h('p', { class: 'muted' }, label(lang, 'draftSent')),
      status.state === 'failed' && h('p', { class: 'error-text' }, label(lang, 'draftFailed')),
      status.state === 'failed' && status.message !== '' && h('p', { class: 'error-detail', 'data-draft-error': '' }, status.message),
    ),
  );
}
