import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// Pages are lazily loaded route modules (routes.tsx). In a test the first render of a page waits for its
// module graph to be transformed and imported, which on a busy machine can take longer than Testing
// Library's default 1 s for `findBy…`; a page that never appears still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// Preact runs effects after the next frame: requestAnimationFrame, with a 35 ms timer as the fallback, and
// that timer's callback calls cancelAnimationFrame. A render at the very end of a file leaves the timer
// pending; when it fired after vitest had torn the jsdom environment down (cancelAnimationFrame gone), the
// run failed with "cancelAnimationFrame is not defined" outside any test (seen once in CI, from
// routes.test.tsx). Waiting out the fallback before the teardown lets it fire while the window is there;
// Node fires timers in the order they expire, so one set now for 50 ms runs after it.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
