/**
 * The debug hook of spec section 4: pressing Ctrl+S `presses` times within `windowMs` (3 within
 * 2 s, spec section 9) fires. Returns a function to call on each press; it answers whether this
 * press completes the sequence.
 */
export function createPressSequence(presses = 3, windowMs = 2000) {
  let times: number[] = [];
  return (now: number): boolean => {
    times = [...times.filter((t) => now - t < windowMs), now];
    if (times.length >= presses) {
      times = [];
      return true;
    }
    return false;
  };
}
