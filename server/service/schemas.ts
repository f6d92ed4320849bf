import { z } from 'zod';

export const API_VERSION = '1.0.0';

export const ZHealth = z
  .object({
    status: z.enum(['healthy', 'degraded']),
    version: z.string(),
    failing: z
      .array(z.string())
      .optional()
      .meta({ description: 'When degraded: the dependencies failing now (`rate_limit`, `redis`, `cache_invalidation`, `email_budget`)' }),
  })
  .meta({ id: 'Health' });
export type THealth = z.infer<typeof ZHealth>;
