// A register delivery for tests of other tools, which never deliver one: a call reaching it is a bug of the test.
import type { RegisterDelivery } from '../../src/export/delivery.js';

export const NO_REGISTER: RegisterDelivery = {
  deliver: () => Promise.reject(new Error('this test delivers no register')),
};
