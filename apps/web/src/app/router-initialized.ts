import type { DataRouter } from 'react-router';

/**
 * Resolves once the router has loaded the matched page's chunk and run its loaders. The browser's first
 * render (main.tsx) and the build's pre-rendering (prerender.tsx) both wait for it, so that both render the
 * page itself, never the empty screen the router shows while a page loads.
 */
export function routerInitialized(router: DataRouter): Promise<void> {
  return new Promise((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
}
