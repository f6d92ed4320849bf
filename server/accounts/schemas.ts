import { z } from 'zod';

export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const ZPassword = z.string().min(8, 'Use at least 8 characters').max(200);

export const ZSignUpInput = z.object({
  email: ZEmail,
  password: ZPassword,
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
});
export type TSignUpInput = z.infer<typeof ZSignUpInput>;

/** The User object of api-v1.md section 2; unset names are omitted, not null. */
export const ZUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    is_active: z.boolean(),
    is_verified: z.boolean(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;
