import { z } from 'zod';

/** Back-office lists answer `{ Items, Total }` with offset/limit paging (default 25, max 100). */
export const listSchema = <T extends z.ZodType>(item: T) =>
  z.object({ Items: z.array(item), Total: z.number().int().min(0) });

export type List<T> = { Items: T[]; Total: number };

export const pageSize = 25;
