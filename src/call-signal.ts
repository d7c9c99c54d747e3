// One signal for one API call: aborted when the caller cancels or when the call's deadline passes.
// A controller and a timer of our own, cleared when the call ends, rather than AbortSignal.timeout
// and AbortSignal.any: those leave a timer and weak listeners behind on every call, and the call
// path runs for every tool call (as precise: setTimeout fires to the millisecond, not the second).

export interface CallSignal {
  signal: AbortSignal;
  /** Whether the deadline, not the caller, ended the call. */
  timedOut: () => boolean;
  /** Stops the timer and lets go of the caller's signal; call it once the call has ended. */
  done: () => void;
  /**
   * Aborts whatever still reads for a call that has answered (a reading the answer no longer
   * needs), or with `reason`, an error that ends the call, then does what `done` does.
   */
  end: (reason?: unknown) => void;
}

/**
 * What a call that has answered aborts its signal with: made once, because a DOMException captures a
 * stack when made (about 0.02 ms, on every tool call), and the reason only tells a reading still
 * running why it stops.
 */
const ANSWERED = new DOMException('The call has answered', 'AbortError');

/**
 * `timeoutMs`: the deadline, or undefined for none of its own (a part of a call, bound by the caller's
 * signal, that stops its other readings when one fails). `timeoutReason`: what the signal is aborted
 * with when the deadline passes (a TimeoutError by default); an outer signal's abort passes its own
 * reason on, so a call's deadline reads the same in every request.
 */
export function callSignal(timeoutMs: number | undefined, outer?: AbortSignal, timeoutReason?: () => unknown): CallSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(timeoutReason ? timeoutReason() : new DOMException('The call took longer than its deadline', 'TimeoutError'));
        }, timeoutMs);
  const cancel = () => controller.abort(outer?.reason);
  const done = () => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', cancel);
  };
  if (outer?.aborted) cancel();
  else outer?.addEventListener('abort', cancel, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done,
    end: (reason?: unknown) => {
      done();
      if (!controller.signal.aborted) controller.abort(reason ?? ANSWERED);
    },
  };
}
