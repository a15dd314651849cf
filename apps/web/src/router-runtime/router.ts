// The router state behind react-router.tsx (issue 40, ADR 0082): a location in the browser's history (or in
// memory: the build's pre-rendering, the tests), the matched routes, and each route's `lazy` loaded before
// the location is committed, so that the page appears whole, as react-router's data router does it. What
// these apps use of react-router's data router is kept; loaders, actions, fetchers and forms are not.
import { flattenRoutes, type Match, matchRoutes, type RouteObject } from './matching.ts';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** react-router's ErrorResponse: what the router throws when no route matches. */
export interface ErrorResponse {
  status: number;
  statusText: string;
  internal: boolean;
  data: unknown;
}

export interface RouterState {
  location: Location;
  matches: Match[];
  /** A route's `lazy` failed or nothing matched: shown by the nearest errorElement. */
  error: { error: unknown; index: number } | null;
  initialized: boolean;
}

interface History {
  location(): Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  listen(onPop: () => void): () => void;
}

const randomKey = () => Math.random().toString(36).slice(2, 10);

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Location>): string {
  return `${pathname}${search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : ''}${
    hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : ''
  }`;
}

export function parsePath(path: string): Partial<Location> {
  const parsed: Partial<Location> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

/** The location `to` names, from the current one (a path without a pathname keeps the current path). */
export function resolveTo(to: To, current: Location, state?: unknown): Location {
  const target = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: target.pathname ?? current.pathname,
    search: target.search ?? (target.pathname === undefined ? current.search : ''),
    hash: target.hash ?? '',
    state: state ?? null,
    key: randomKey(),
  };
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  // The entry's index, so that a Back from the first entry is told apart (react-router keeps the same).
  let index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if ((window.history.state as { idx?: number } | null)?.idx === undefined) {
    window.history.replaceState({ ...window.history.state, idx: index }, '');
  }
  const entry = (location: Location) => ({ usr: location.state, key: location.key, idx: index });
  return {
    location: read,
    push(location) {
      index += 1;
      window.history.pushState(entry(location), '', createPath(location));
    },
    replace(location) {
      window.history.replaceState(entry(location), '', createPath(location));
    },
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      const listener = () => {
        index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        onPop();
      };
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/'], initialIndex?: number): History {
  const entries = initialEntries.map((path) => resolveTo(path, resolveTo('/', {} as Location)));
  let index = initialIndex ?? entries.length - 1;
  let onPop: (() => void) | null = null;
  return {
    location: () => entries[index]!,
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      // Asynchronous, as the browser's popstate.
      setTimeout(() => onPop?.());
    },
    listen(listener) {
      onPop = listener;
      return () => {
        onPop = null;
      };
    },
  };
}

const notFound = (pathname: string): ErrorResponse => ({
  status: 404,
  statusText: 'Not Found',
  internal: true,
  data: `Error: No route matches URL "${pathname}"`,
});

/** A thrown Response becomes react-router's ErrorResponse (isRouteErrorResponse), as there. */
const asErrorResponse = (error: unknown) =>
  typeof Response !== 'undefined' && error instanceof Response
    ? ({
        status: error.status,
        statusText: error.statusText,
        internal: false,
        data: null,
      } satisfies ErrorResponse)
    : error;

/** Copies of the table's routes, so that loading a `lazy` (which fills its route in) touches only ours. */
const copyRoutes = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, children: route.children && copyRoutes(route.children) }));

export function createRouter(routeTable: RouteObject[], history: History) {
  const routes = copyRoutes(routeTable);
  const branches = flattenRoutes(routes);
  const listeners = new Set<(state: RouterState) => void>();
  const loading = new WeakMap<RouteObject, Promise<void>>();
  let navigation = 0;
  let stopListening: (() => void) | null = null;

  const loadRoute = (route: RouteObject) => {
    const lazy = route.lazy;
    if (!lazy) return Promise.resolve();
    let promise = loading.get(route);
    if (!promise) {
      promise = lazy().then((loaded) => {
        Object.assign(route, loaded);
        route.lazy = undefined;
      });
      loading.set(route, promise);
      // A failed load is tried again at the next navigation to the route.
      promise.catch(() => loading.delete(route));
    }
    return promise;
  };

  /** The routes for the location, each one's `lazy` loaded; a failure goes to the state's error. */
  async function resolve(location: Location): Promise<Pick<RouterState, 'matches' | 'error'>> {
    const matches = matchRoutes(branches, location.pathname);
    if (!matches)
      return {
        matches: routes.slice(0, 1).map((route) => ({ route, params: {} })),
        error: { error: notFound(location.pathname), index: 0 },
      };
    for (const [index, match] of matches.entries()) {
      try {
        await loadRoute(match.route);
        await match.route.loader?.({ params: match.params });
      } catch (error) {
        return { matches, error: { error: asErrorResponse(error), index } };
      }
    }
    return { matches, error: null };
  }

  const initialMatches = matchRoutes(branches, history.location().pathname) ?? [];
  const router = {
    state: {
      location: history.location(),
      matches: initialMatches,
      error: null,
      initialized: !initialMatches.some((match) => match.route.lazy || match.route.loader),
    } as RouterState,
    subscribe(listener: (state: RouterState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Commits the location once its routes are in; a later navigation supersedes an earlier one. */
    async go(location: Location, commit?: () => void) {
      const id = ++navigation;
      const resolved = await resolve(location);
      if (id !== navigation) return;
      commit?.();
      router.state = { ...router.state, ...resolved, location, initialized: true };
      for (const listener of [...listeners]) listener(router.state);
    },
    navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      const location = resolveTo(to, router.state.location, options.state);
      return router.go(location, () => {
        if (options.replace) history.replace(location);
        else history.push(location);
      });
    },
    dispose() {
      stopListening?.();
      listeners.clear();
    },
  };
  stopListening = history.listen(() => void router.go(history.location()));
  void router.go(router.state.location);
  return router;
}

export type DataRouter = ReturnType<typeof createRouter>;
