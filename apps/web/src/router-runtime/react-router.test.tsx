import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { flattenRoutes, matchRoutes } from './matching.ts';
import {
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useRouteError,
  useSearchParams,
} from './react-router.tsx';

// The small router (ADR 0082) does what react-router's data router does for these apps' route tables.

const paths = (routes: RouteObject[], pathname: string) =>
  matchRoutes(flattenRoutes(routes), pathname)?.map(
    (match) => match.route.path ?? (match.route.index ? 'index' : '-'),
  );

describe('matching', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true },
        {
          children: [
            { path: '/lan/forbrukslan' },
            { path: 'applications/:id/:tab?' },
            { path: 'applications/new' },
            { path: '*' },
          ],
        },
      ],
    },
  ];

  it('ranks static over dynamic over splat, index at the parent, absolute and relative child paths', () => {
    expect(paths(routes, '/')).toEqual(['/', 'index']);
    expect(paths(routes, '/lan/forbrukslan')).toEqual(['/', '-', '/lan/forbrukslan']);
    expect(paths(routes, '/LAN/forbrukslan/')).toEqual(['/', '-', '/lan/forbrukslan']);
    expect(paths(routes, '/applications/new')).toEqual(['/', '-', 'applications/new']);
    expect(paths(routes, '/applications/a1')).toEqual(['/', '-', 'applications/:id/:tab?']);
    expect(paths(routes, '/nowhere/else')).toEqual(['/', '-', '*']);
  });

  it('gives the params, an optional one when present, decoded', () => {
    const branches = flattenRoutes(routes);
    expect(matchRoutes(branches, '/applications/a%201/calls')?.at(-1)?.params).toEqual({
      id: 'a 1',
      tab: 'calls',
    });
    expect(matchRoutes(branches, '/applications/a1')?.at(-1)?.params).toEqual({ id: 'a1' });
    expect(matchRoutes([], '/')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  const [search] = useSearchParams();
  return (
    <p data-testid="where">
      {location.pathname}|{search.get('step') ?? ''}|{JSON.stringify(location.state)}
    </p>
  );
}

function Page({ name }: { name: string }) {
  const params = useParams();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const context = useOutletContext<string>();
  return (
    <section>
      <h1>
        {name} {params.id ?? ''} {context}
      </h1>
      <Where />
      <button type="button" onClick={() => void navigate({ search: '?step=2' }, { state: { from: 1 } })}>
        step
      </button>
      <button type="button" onClick={() => setSearch({ step: '3' }, { replace: true })}>
        search
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </section>
  );
}

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/">home</NavLink>
        <NavLink to="/items" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          items
        </NavLink>
        <Link to="/items/7">seven</Link>
        <Link to="/broken">broken</Link>
      </nav>
      <Outlet context="ctx" />
    </>
  );
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">{isRouteErrorResponse(error) ? error.status : (error as Error).message}</p>;
}

function Throws(): never {
  throw new Error('render failed');
}

const table = (): RouteObject[] => [
  {
    path: '/',
    element: <Layout />,
    HydrateFallback: () => <p>loading</p>,
    errorElement: <Failure />,
    children: [
      { index: true, lazy: async () => ({ element: <Page name="home" /> }) },
      { path: 'items', lazy: async () => ({ Component: () => <Page name="items" /> }) },
      { path: 'items/:id', element: <Page name="item" /> },
      { path: 'old', element: <Navigate to="/items" replace /> },
      { path: 'broken', element: <Throws /> },
      { path: 'fails', lazy: () => Promise.reject(new Error('chunk failed')) },
    ],
  },
];

describe('RouterProvider', () => {
  afterEach(cleanup);

  it('loads the page before it is shown, then follows links, navigation, search and Back', async () => {
    const router = createMemoryRouter(table(), { initialEntries: ['/'] });
    expect(router.state.initialized).toBe(false);
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('heading')).textContent).toContain('home');
    expect(screen.getByText('home', { selector: 'a' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('home', { selector: 'a' }).className).toBe('active');

    fireEvent.click(screen.getByText('items'));
    expect((await screen.findByRole('heading', { name: /items/ })).textContent).toMatch(/items +ctx/);
    expect(screen.getByText('items', { selector: 'a' }).className).toBe('on');
    expect(screen.getByText('home', { selector: 'a' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(screen.getByText('seven'));
    expect(await screen.findByRole('heading', { name: /item 7/ })).toBeTruthy();
    expect(screen.getByText('items', { selector: 'a' }).className).toBe('on'); // /items/7 is under /items

    fireEvent.click(screen.getByText('step'));
    expect(await screen.findByText('/items/7|2|{"from":1}')).toBeTruthy();
    fireEvent.click(screen.getByText('search'));
    expect(await screen.findByText('/items/7|3|null')).toBeTruthy();
    fireEvent.click(screen.getByText('back')); // the replaced entry is gone: back to /items/7 without a step
    expect(await screen.findByText('/items/7||null')).toBeTruthy();
  });

  it('redirects with Navigate, and shows the error element for a render error, a failed load and no match', async () => {
    const router = createMemoryRouter(table(), { initialEntries: ['/old'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: /items/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/items');

    fireEvent.click(screen.getByText('broken'));
    expect((await screen.findByRole('alert')).textContent).toContain('render failed');
    await act(() => router.navigate('/fails'));
    expect(screen.getByRole('alert').textContent).toContain('chunk failed');
    await act(() => router.navigate('/items/1'));
    expect(screen.queryByRole('alert')).toBeNull();

    const nowhere = createMemoryRouter([{ path: '/', element: <p>root</p>, errorElement: <Failure /> }], {
      initialEntries: ['/missing'],
    });
    render(<RouterProvider router={nowhere} />);
    await act(() => nowhere.navigate('/missing'));
    expect(screen.getAllByRole('alert').at(-1)?.textContent).toContain('404');
  });
});
