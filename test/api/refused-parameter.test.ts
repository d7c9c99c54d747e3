// Which of our parameters a refusal of the service names: the only part of its error body a tool text
// repeats, since the rest is the service's free text (it may hold the key in any form, or orders).
import { describe, expect, it } from 'vitest';
import { refusedParameter } from '../../src/api/refused-parameter.js';

const SENT = ['page', 'pageSize', 'status', 'storeId', 'from', 'to'];
const body = (value: unknown) => JSON.stringify(value);

describe('refusedParameter', () => {
  it.each([
    ['the error field "parameter"', body({ error: { code: 'invalid_parameter', message: 'bad value', parameter: 'storeId' } }), 'storeId'],
    ['a top-level "parameter"', body({ message: 'bad value', parameter: 'status' }), 'status'],
    ['the message, by name', body({ error: { message: 'pageSize must be an integer from 1 to 100' } }), 'pageSize'],
    ['the message, in another case', body({ message: 'PAGESIZE is too large' }), 'pageSize'],
    ['a plain "error" string', body({ error: 'status is not one of open, in_review, resolved' }), 'status'],
    ['the name first in the message, not a shorter one inside it', body({ message: 'page must be at least 1; pageSize too' }), 'page'],
  ])('reads %s', (_label, text, expected) => expect(refusedParameter(text, SENT)).toBe(expected));

  it.each([
    ['a parameter we did not send', body({ error: { message: 'search is too long', parameter: 'search' } })],
    ['a "parameter" field that is not one of ours', body({ error: { message: 'bad', parameter: 'or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8' } })],
    ['a name glued inside another word', body({ message: 'statuses are cached; fromage' })],
    ['a message that names nothing of ours', body({ message: 'invalid request for TElWRV80ZjlhMWMyYjNk' })],
    ['a body that is not JSON', 'pageSize must be an integer'],
    ['JSON that is not an object', body(['pageSize'])],
  ])('names nothing for %s', (_label, text) => expect(refusedParameter(text, SENT)).toBeUndefined());
});
