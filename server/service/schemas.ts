import { z } from 'zod';

export const API_VERSION = '1.0.0';

export const ZHealth = z.object({ status: z.string(), version: z.string() }).meta({ id: 'Health' });
export type THealth = z.infer<typeof ZHealth>;
