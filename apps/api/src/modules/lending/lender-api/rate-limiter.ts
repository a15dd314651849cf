// The outbound rate limit per lender (issue 33 item 2): a token bucket of `burst` calls refilled at
// `ratePerSecond`. A call waits for its token, but never past its deadline: a call that could not go out
// in time fails as the lender being unavailable, and the job queue retries it later.

export interface RateLimiter {
  /** Resolves when the call may go out; false when it could not before `deadline` (ms since epoch). */
  take(deadline: number): Promise<boolean>;
  /** Calls waiting for a token now. */
  waiting(): number;
}

export function createRateLimiter(options: {
  ratePerSecond: number;
  burst: number;
  /** Wall-clock time in ms (the bucket refills in real time, whatever the business clock says). */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): RateLimiter {
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  let tokens = options.burst;
  let refilledAt = clock();
  let queued = 0;
  // Waiters are served in order: each takes the next token as it comes.
  let tail: Promise<unknown> = Promise.resolve();

  const refill = () => {
    const now = clock();
    tokens = Math.min(options.burst, tokens + ((now - refilledAt) / 1000) * options.ratePerSecond);
    refilledAt = now;
  };

  return {
    take(deadline) {
      refill();
      if (queued === 0 && tokens >= 1) {
        tokens -= 1;
        return Promise.resolve(true);
      }
      queued += 1;
      const turn = tail.then(async () => {
        refill();
        if (tokens < 1) {
          const wait = ((1 - tokens) / options.ratePerSecond) * 1000;
          if (clock() + wait > deadline) return false;
          await sleep(wait);
          refill();
        }
        tokens -= 1;
        return true;
      });
      tail = turn.finally(() => {
        queued -= 1;
      });
      return turn;
    },
    waiting: () => queued,
  };
}
