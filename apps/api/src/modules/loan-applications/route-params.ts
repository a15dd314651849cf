import { z } from 'zod';

// Path parameters shared by the loan-application route files. Any string is accepted: an id that is not
// a UUID is simply not found (404), like any other application the caller cannot see.
export const applicationIdParams = z.object({ id: z.string() });
