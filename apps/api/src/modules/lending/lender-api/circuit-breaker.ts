// A circuit breaker per lender (issue 33 item 2, docs/decisions/0062): after `failureThreshold` failed calls
// in a row the circuit opens and calls fail at once, without the network, for `openMs`; then one trial
// call is let through (half-open): it closes the circuit when it succeeds and opens it again when it
// fails. A lender that is down for an hour thus costs each job nothing but a quick failure (retried later
// by the queue), and delays no other lender. Only the lender's unavailability counts (5xx, timeouts,
// dropped connections): a refusal or a bad answer is the lender answering.

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitSnapshot {
  state: CircuitState;
  /** Failed calls in a row (since the last success). */
  consecutiveFailures: number;
  /** When an open circuit lets its trial call through. */
  openUntil: Date | null;
  /** How often the circuit opened since the process started. */
  timesOpened: number;
  lastFailure: string | null;
  lastFailureAt: Date | null;
}

export interface CircuitBreaker {
  /** Whether a call may go out now; a half-open circuit lets one trial call through at a time. */
  tryAcquire(): boolean;
  success(): void;
  failure(reason: string): void;
  /** A call let through that ended without saying anything of the lender (e.g. our own deadline). */
  release(): void;
  snapshot(): CircuitSnapshot;
}

export function createCircuitBreaker(options: {
  failureThreshold: number;
  openMs: number;
  now: () => Date;
}): CircuitBreaker {
  let consecutiveFailures = 0;
  let openedAt: number | null = null;
  let trialInFlight = false;
  let timesOpened = 0;
  let lastFailure: string | null = null;
  let lastFailureAt: Date | null = null;

  const state = (): CircuitState => {
    if (openedAt === null) return 'closed';
    return options.now().getTime() - openedAt >= options.openMs ? 'half-open' : 'open';
  };
  const open = () => {
    openedAt = options.now().getTime();
    timesOpened += 1;
  };

  return {
    tryAcquire() {
      const current = state();
      if (current === 'closed') return true;
      if (current === 'open' || trialInFlight) return false;
      trialInFlight = true;
      return true;
    },
    success() {
      consecutiveFailures = 0;
      openedAt = null;
      trialInFlight = false;
    },
    failure(reason) {
      consecutiveFailures += 1;
      lastFailure = reason;
      lastFailureAt = options.now();
      if (trialInFlight) {
        trialInFlight = false;
        open();
      } else if (openedAt === null && consecutiveFailures >= options.failureThreshold) {
        open();
      }
    },
    release() {
      trialInFlight = false;
    },
    snapshot() {
      const current = state();
      return {
        state: current,
        consecutiveFailures,
        openUntil: openedAt === null ? null : new Date(openedAt + options.openMs),
        timesOpened,
        lastFailure,
        lastFailureAt,
      };
    },
  };
}
