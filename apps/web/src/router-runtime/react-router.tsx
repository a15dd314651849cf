// The part of react-router the two apps use, ≈ 3 kB gzip instead of ≈ 28 kB (issue 40, ADR 0082). Vite
// resolves `react-router` here in both apps' builds and in the applicant app's tests (vite.config.ts); the
// types stay react-router's own. Kept, as react-router's data router does it: createBrowserRouter /
// createMemoryRouter over a route table (nested routes, index, `:param`, `:param?`, `*`, `lazy` loaded
// before the page is shown, `HydrateFallback` until the first page is in, `errorElement` for what a route
// throws or fails to load, 404 when nothing matches), RouterProvider, Outlet (with context), Link, NavLink
// (`active`, aria-current), Navigate, useLocation, useNavigate (a path, `{ pathname, search }`, -1),
// useParams, useSearchParams, useOutletContext, useRouteError, isRouteErrorResponse, a route's `loader` only
// for what it throws (a thrown Response is that status's error page). Not kept: loader data, actions, forms,
// fetchers, relative links, basename, scroll restoration. A feature needing more adds it
// here with a test (react-router.test.tsx), or the alias goes.
import {
  type AnchorHTMLAttributes,
  Component,
  createContext,
  createElement,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { Match, RouteObject } from './matching.ts';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  createRouter,
  type DataRouter,
  type ErrorResponse,
  type Location,
  type NavigateOptions,
  type RouterState,
  resolveTo,
  type To,
} from './router.ts';

export type { DataRouter, Location, RouteObject };

export function createBrowserRouter(routes: RouteObject[]) {
  return createRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: string[]; initialIndex?: number } = {},
) {
  return createRouter(routes, createMemoryHistory(options.initialEntries, options.initialIndex));
}

interface RouterContextValue {
  router: DataRouter;
  location: Location;
  params: Record<string, string>;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const OutletContext = createContext<ReactNode>(null);
const OutletDataContext = createContext<unknown>(undefined);
const ErrorContext = createContext<unknown>(undefined);

function useRouter(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('react-router: used outside <RouterProvider>');
  return value;
}

/** Shows a route's errorElement for what its part of the page throws; cleared when the location changes. */
class RouteErrorBoundary extends Component<
  { location: Location; errorElement: ReactNode; children?: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: undefined as unknown, location: this.props.location };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ) {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return createElement(ErrorContext.Provider, { value: this.state.error }, this.props.errorElement);
  }
}

function routeElement(route: RouteObject): ReactNode {
  if (route.element !== undefined) return route.element;
  if (route.Component) return createElement(route.Component);
  return createElement(Outlet);
}

/** The matched routes rendered inside one another, leaf first; a route's error replaces it and below. */
function renderMatches(state: RouterState): ReactNode {
  const { matches, error, location } = state;
  const last = error ? nearestErrorRoute(matches, error.index) : matches.length - 1;
  let outlet: ReactNode = null;
  for (let index = last; index >= 0; index--) {
    const { route } = matches[index]!;
    const failed = error && index === last;
    let element: ReactNode = failed
      ? createElement(
          ErrorContext.Provider,
          { value: error.error },
          route.errorElement ?? defaultError(error.error),
        )
      : createElement(OutletContext.Provider, { value: outlet }, routeElement(route));
    if (!failed && route.errorElement !== undefined) {
      element = createElement(RouteErrorBoundary, { location, errorElement: route.errorElement }, element);
    }
    outlet = element;
  }
  return outlet;
}

function nearestErrorRoute(matches: Match[], from: number): number {
  for (let index = Math.min(from, matches.length - 1); index >= 0; index--) {
    if (matches[index]!.route.errorElement !== undefined) return index;
  }
  return 0;
}

function defaultError(error: unknown): ReactNode {
  const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error);
  return createElement('h2', null, `Unexpected Application Error! ${text}`);
}

export function RouterProvider({ router }: { router: DataRouter }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const params = state.matches.at(-1)?.params ?? {};
  const value = useMemo(
    () => ({ router, location: state.location, params }),
    [router, state.location, params],
  );
  if (!state.initialized) {
    const Fallback = state.matches.find((match) => match.route.HydrateFallback)?.route.HydrateFallback;
    return Fallback ? createElement(Fallback) : null;
  }
  return createElement(RouterContext.Provider, { value }, renderMatches(state));
}

/** The child route's element; `context` is what the routes below read with useOutletContext(). */
export function Outlet({ context }: { context?: unknown }) {
  const outlet = useContext(OutletContext);
  if (context === undefined) return outlet;
  return createElement(OutletDataContext.Provider, { value: context }, outlet);
}

export function useOutletContext<T = unknown>(): T {
  return useContext(OutletDataContext) as T;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams<
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>(): T {
  return useRouter().params as T;
}

export function useNavigate() {
  const { router } = useRouter();
  return useMemo(
    () =>
      (to: To | number, options?: NavigateOptions): Promise<void> =>
        router.navigate(to, options),
    [router],
  );
}

type SearchInit = string | URLSearchParams | Record<string, string | string[]>;

export function useSearchParams() {
  const { router, location } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useMemo(
    () => (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const current = new URLSearchParams(router.state.location.search);
      const value = typeof next === 'function' ? next(current) : next;
      const search = new URLSearchParams(
        value instanceof URLSearchParams || typeof value === 'string'
          ? value
          : Object.entries(value).flatMap(([key, v]) =>
              Array.isArray(v) ? v.map((one) => [key, one]) : [[key, v]],
            ),
      ).toString();
      void router.navigate(
        { pathname: router.state.location.pathname, search: search ? `?${search}` : '' },
        options,
      );
    },
    [router],
  );
  return [params, setParams] as const;
}

export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  const value = error as Partial<ErrorResponse> | null;
  return (
    value != null &&
    typeof value.status === 'number' &&
    typeof value.statusText === 'string' &&
    typeof value.internal === 'boolean' &&
    'data' in value
  );
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const { router } = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, where it is rendered (react-router's too)
  useEffect(() => void router.navigate(to, { replace, state }), []);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

function useLinkClick({ to, replace, state, target, onClick }: LinkProps) {
  const { router } = useRouter();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
}

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

export function Link(props: LinkProps) {
  const { to, replace: _replace, state: _state, ...anchor } = props;
  const onClick = useLinkClick(props);
  return createElement('a', { ...anchor, href: hrefOf(to), onClick });
}

type NavLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean; isPending: boolean }) => string | undefined);
  children?: ReactNode | ((state: { isActive: boolean; isPending: boolean }) => ReactNode);
};

export function NavLink({
  end,
  className,
  children,
  'aria-current': current = 'page',
  ...props
}: NavLinkProps) {
  const { location } = useRouter();
  const target = resolveTo(props.to, location).pathname.toLowerCase();
  const here = location.pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
  const status = { isActive, isPending: false };
  const classes =
    typeof className === 'function'
      ? className(status)
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return createElement(
    Link,
    { ...props, className: classes, 'aria-current': isActive ? current : undefined },
    typeof children === 'function' ? children(status) : children,
  );
}
