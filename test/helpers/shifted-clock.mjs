// Preloaded with `node --import` (through NODE_OPTIONS): the process's clock reads COMPLAINTS_TEST_NOW
// at start, then runs on. Only the wall clock moves; timers and performance.now are untouched.
const target = Date.parse(process.env.COMPLAINTS_TEST_NOW ?? '');
if (Number.isNaN(target)) throw new Error('shifted-clock: set COMPLAINTS_TEST_NOW to an ISO date-time');
const offset = target - Date.now();
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;
