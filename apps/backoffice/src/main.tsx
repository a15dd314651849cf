import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '#src/app/styles.css';
import '#src/app/styles-pages.css';
import { createStaffRouter, StaffApp } from '#src/app/app.tsx';
import { createQueryClient } from '#src/shared/api/query-client.ts';
import { takeHandBackToken, takeSignInError } from '#src/shared/session/session-store.ts';

// Back from the staff sign-in: the token out of the address before the router reads it.
if (!takeHandBackToken()) takeSignInError();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StaffApp queryClient={createQueryClient()} router={createStaffRouter()} />
  </StrictMode>,
);
