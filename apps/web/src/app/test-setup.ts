import { configure } from '@testing-library/react';
import { options } from 'preact';
import { afterAll } from 'vitest';

// Pages are lazily loaded route modules (routes.tsx). In a test the first render of a page waits for its
// module graph to be transformed and imported, which on a busy machine can take longer than Testing
// Library's default 1 s for `findBy…`; a page that never appears still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// Preact runs effects after the next frame: requestAnimationFrame with a 35 ms timer as the fallback, whose
// callback calls cancelAnimationFrame. A render at the end of a file left that timer pending; when it fired
// after vitest had torn the jsdom environment down (cancelAnimationFrame gone), the run failed with
// "cancelAnimationFrame is not defined" outside any test (seen once in CI, from routes.test.tsx). In tests
// effects run after a plain zero-delay timer instead (Preact's own hook for this; Testing Library's act()
// swaps it for its own and puts this one back), so nothing calls cancelAnimationFrame; and each file waits
// 50 ms before the teardown so a chain of such timers — an effect that renders again — settles while the
// window is still there.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback);
};
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
