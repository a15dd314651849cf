// Route matching for the small router (react-router.tsx; issue 40, ADR 0082), as react-router does it for
// the route tables of these apps: nested routes, `index`, absolute or relative child paths, `:param`,
// optional `:param?` segments, a trailing `*`, case-insensitive, a trailing slash ignored; the most specific
// branch wins (react-router's ranking: static segment 10, dynamic 3, `*` −2, index +2).
import type { ReactNode } from 'react';

/** The part of react-router's RouteObject these apps use. */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: React.ComponentType | null;
  errorElement?: ReactNode;
  HydrateFallback?: React.ComponentType | null;
  children?: RouteObject[];
  lazy?: () => Promise<Partial<RouteObject>>;
  /** Run before the route is shown, for what it throws (a Response: that status's error page); no data. */
  loader?: (args: { params: Record<string, string> }) => unknown;
}

export interface Match {
  route: RouteObject;
  params: Record<string, string>;
}

interface Branch {
  routes: RouteObject[];
  pattern: string;
  score: number;
  order: number;
}

const joinPaths = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`;

/** `a/:b?/c` → `a/c` and `a/:b/c`, as react-router explodes optional segments. */
function explode(path: string): string[] {
  const [first, ...rest] = path.split('/');
  if (first === undefined) return [path];
  if (rest.length === 0) return first.endsWith('?') ? ['', first.slice(0, -1)] : [first];
  const tails = explode(rest.join('/'));
  const required = first.replace(/\?$/, '');
  const withFirst = tails.map((tail) => (tail === '' ? required : `${required}/${tail}`));
  return first.endsWith('?') ? [...withFirst, ...tails] : withFirst;
}

function scoreOf(pattern: string, index: boolean): number {
  const segments = pattern.split('/').filter(Boolean);
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else if (segment.startsWith(':')) score += 3;
    else score += 10;
  }
  return score;
}

/** Every root-to-leaf chain of the table with its full pattern; a parent is a branch of its own too. */
export function flattenRoutes(routes: RouteObject[]): Branch[] {
  const branches: Branch[] = [];
  const walk = (list: RouteObject[], parents: RouteObject[], parentPath: string) => {
    for (const route of list) {
      const paths =
        route.path === undefined ? [parentPath] : explode(route.path).map((p) => joinPaths(parentPath, p));
      for (const path of paths) {
        const chain = [...parents, route];
        if (route.children?.length) walk(route.children, chain, path);
        // A layout without a path matches only through its children (react-router's rule).
        if (route.path === undefined && !route.index) continue;
        branches.push({
          routes: chain,
          pattern: path || '/',
          score: scoreOf(path, !!route.index),
          order: branches.length,
        });
      }
    }
  };
  walk(routes, [], '/');
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(.*)';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const splat = source.endsWith('/(.*)');
  const regex = new RegExp(`^${splat ? `${source.slice(0, -5)}(?:/(.*))?` : source}/*$`, 'i');
  const found = regex.exec(pathname.replace(/\/+$/, '') || '/') ?? regex.exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = found[i + 1] ?? '';
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  return params;
}

/** The chain of routes for the path (root first), or null when nothing matches. */
export function matchRoutes(branches: Branch[], pathname: string): Match[] | null {
  for (const branch of branches) {
    const params = matchPattern(branch.pattern === '/' ? '' : branch.pattern, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
