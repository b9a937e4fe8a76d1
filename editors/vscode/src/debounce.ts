// Debouncer runs the last function given to trigger() once no trigger has come
// for delayMs.
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class Debouncer {
  private handle: unknown;
  private pending = false;

  constructor(private readonly delayMs: number, private readonly timers: Timers = realTimers) {}

  trigger(fn: () => void): void {
    this.cancel();
    this.pending = true;
    this.handle = this.timers.setTimeout(() => {
      this.pending = false;
      fn();
    }, this.delayMs);
  }

  get isPending(): boolean {
    return this.pending;
  }

  cancel(): void {
    if (this.pending) {
      this.timers.clearTimeout(this.handle);
      this.pending = false;
    }
  }
}
