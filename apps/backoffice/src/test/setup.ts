import { configure } from '@testing-library/react';

// The test machine is shared and often busy: give findBy*/waitFor more than the default second.
configure({ asyncUtilTimeout: 5_000 });
