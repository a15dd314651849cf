// What `zod` resolves to in the browser builds (apps/web/vite.config.ts, apps/backoffice/vite.config.ts):
// `import { z } from 'zod'` as the classic build has it, over zod/mini (zod.ts; ADR 0082).
export * as z from './zod.ts';
export * from './zod.ts';
