// Waiting for a condition without a timer: whatever changes the state calls changed(), and each
// waiter checks its condition again then. A condition that never holds is left to the test's timeout.
export class Watched {
  private readonly checks = new Set<() => void>();

  /** Tells the waiters that the state they watch may have changed. */
  changed(): void {
    for (const check of [...this.checks]) check();
  }

  /** Resolves once `condition()` holds: at once, or after the change that makes it true. */
  until(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.checks.delete(check);
        resolve();
      };
      this.checks.add(check);
      check();
    });
  }
}
