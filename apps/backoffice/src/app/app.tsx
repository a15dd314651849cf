import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { staffRoutes } from './routes.tsx';

export function createStaffRouter() {
  return createBrowserRouter(staffRoutes());
}

export function StaffApp({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createStaffRouter>;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
