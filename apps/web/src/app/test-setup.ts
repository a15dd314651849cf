import { configure } from '@testing-library/react';

// Pages are lazily loaded route modules (routes.tsx). In a test the first render of a page waits for its
// module graph to be transformed and imported, which on a busy machine can take longer than Testing
// Library's default 1 s for `findBy…`; a page that never appears still fails, only later.
configure({ asyncUtilTimeout: 10_000 });
