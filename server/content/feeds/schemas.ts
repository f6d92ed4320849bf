import { z } from 'zod';

/** A feed procedure's answer: the RSS document its route handler serves as application/xml. */
export const ZFeed = z.object({ xml: z.string() });
export type TFeed = z.infer<typeof ZFeed>;
