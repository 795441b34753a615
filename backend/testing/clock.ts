/**
 * Test helper: a clock the test moves and a back-end reads (`now`), so that expiries, windows and
 * time stamps are exact.
 */
export interface TestClock {
  readonly start: Date;
  /** What the back-end reads as the current time. */
  readonly now: () => Date;
  /** The moment `seconds` after the start. */
  at(seconds: number): Date;
  /** Moves the clock to `seconds` after the start (0: back to it). */
  set(seconds: number): void;
  /** Moves the clock on by `seconds`. */
  advance(seconds: number): void;
}

export function testClock(start: string): TestClock {
  const startDate = new Date(start);
  let current = startDate;
  const at = (seconds: number) => new Date(startDate.getTime() + seconds * 1000);
  return {
    start: startDate,
    now: () => current,
    at,
    set(seconds) {
      current = at(seconds);
    },
    advance(seconds) {
      current = new Date(current.getTime() + seconds * 1000);
    },
  };
}
