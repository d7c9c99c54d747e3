// The view's record history, worded in its language from get_complaint's rows of codes: each known
// event, actor and status by its label, any other code as sent (cleaned), and nothing a host could
// send breaks it. The drawing is tested in a browser (e2e/overview-view.test.ts).
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../src/ui/dom.js';
import { HISTORY_SHOWN, historyEntries, historyEntry } from '../../src/ui/history.js';
import { LABELS } from '../../src/ui/labels.js';

const es = formatsFor('es-PE', 'en');
const en = formatsFor('en-US', 'en');

describe('a history event in words', () => {
  it('says a status change by its two statuses, the actor and the note, in Spanish', () => {
    expect(historyEntry(['2026-11-04 09:02', 'status_changed', 'open', 'in_review', 'agent', 'Se solicitó revisión técnica'], 'es', es)).toEqual({
      when: `${es.day('2026-11-04')} 09:02`,
      what: 'Abierto → En revisión',
      who: 'agente',
      note: 'Se solicitó revisión técnica',
    });
  });

  it('names every event the service is known to send, with its actor, in both languages', () => {
    const row = (eventType: string, role = 'agent') => ['2026-11-05 12:30', eventType, '', '', role];
    expect(historyEntry(row('note_added'), 'es', es)).toMatchObject({ what: 'Nota', who: 'agente' });
    expect(historyEntry(row('note_added'), 'en', en)).toMatchObject({ what: 'Note', who: 'agent', when: 'Nov 5 12:30' });
    expect(historyEntry(row('response_sent', 'admin'), 'es', es)).toMatchObject({ what: 'Respuesta enviada', who: 'administrador' });
    expect(historyEntry(row('response_registered'), 'en', en)).toMatchObject({ what: 'Response registered' });
    expect(historyEntry(row('response_failed'), 'es', es)).toMatchObject({ what: 'No se pudo enviar la respuesta' });
    expect(historyEntry(row('response_bounced'), 'en', en)).toMatchObject({ what: 'Response bounced' });
    expect(historyEntry(['2026-11-03 10:14', 'created', '', 'open', 'consumer'], 'es', es)).toMatchObject({ what: 'Registrado → Abierto', who: 'consumidor' });
    expect(historyEntry(['2026-11-03 10:14', 'created', '', 'open', 'consumer'], 'en', en)).toMatchObject({ what: 'Filed → Open', who: 'consumer' });
    expect(historyEntry(['2026-11-19 22:31', 'status_changed', 'in_review', 'resolved', 'agent'], 'en', en)).toMatchObject({ what: 'In review → Resolved' });
    // Every label of one language has its counterpart: a code worded in Spanish is worded in English too.
    for (const id of Object.keys(LABELS.es).filter((key) => /^(event|role)\./.test(key))) expect(LABELS.en[id as keyof typeof LABELS.en]).toBeTruthy();
  });

  it('shows a code it does not know as sent, cleaned, and names another event that changed a status', () => {
    expect(historyEntry(['2026-11-05 12:30', 'escalated_to_indecopi', 'in_review', 'on_hold', 'supervisor\u202e', 'Ver\u200b expediente'], 'es', es)).toEqual({
      when: `${es.day('2026-11-05')} 12:30`,
      what: 'escalated_to_indecopi: En revisión → on_hold',
      who: 'supervisor',
      note: 'Ver expediente',
    });
    // A status change with no event type, or none at all: "Movimiento", an arrow to an unknown end.
    expect(historyEntry(['', '', 'open', '', ''], 'es', es)).toEqual({ when: 'sin fecha', what: 'Movimiento: Abierto → ?' });
    expect(historyEntry(['2026-13-45 25:61', 'note', '', '', ''], 'en', en)).toEqual({ when: '2026-13-45 25:61', what: 'note' });
  });

  it('never throws on what a host may send, and skips what holds nothing', () => {
    for (const row of [null, undefined, 5, {}, { 0: 'x' }, [], ['', '', '', '', ''], [null, 7, false, {}, []], ['\u200b']]) {
      expect(historyEntry(row, 'es', es)).toBeUndefined();
    }
    // A key such as "__proto__" or "constructor" is a code, not a label looked up through a prototype.
    expect(historyEntry(['', '__proto__', '', 'constructor', 'toString'], 'en', en)).toEqual({
      when: 'undated',
      what: '__proto__ → constructor',
      who: 'toString',
    });
    // A line from a server that sent the history as text is shown as it came.
    expect(historyEntry('2026-11-04 09:02 open → in_review (agent)', 'es', es)).toEqual({ what: '2026-11-04 09:02 open → in_review (agent)' });
  });
});

describe('the history shown', () => {
  it('is the latest events, newest first', () => {
    const rows = Array.from({ length: 8 }, (_, index) => [`2026-11-0${index + 1} 10:00`, 'note_added', '', '', 'agent', `nota ${index}`]);
    const shown = historyEntries(rows, 'es', es);
    expect(shown.map((entry) => entry.note)).toEqual(['nota 7', 'nota 6', 'nota 5', 'nota 4', 'nota 3']);
    expect(shown).toHaveLength(HISTORY_SHOWN);
  });

  it('is empty for anything but a list, and reads no more than it shows of a huge one', () => {
    for (const value of [undefined, null, 'x', 3, { length: 2 }]) expect(historyEntries(value, 'en', en)).toEqual([]);
    const huge = Array.from({ length: 100_000 }, () => ['2026-11-05 12:30', 'note_added', '', '', 'agent']);
    expect(historyEntries(huge, 'en', en)).toHaveLength(HISTORY_SHOWN);
  });
});
