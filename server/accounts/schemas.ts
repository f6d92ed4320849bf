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

/**
 * What sign-up answers. Where email is really delivered (SMTP) always `check_email`, for a new address
 * and a taken one alike; on the embedded outbox (nothing can reach a mailbox) the new user at once.
 */
export const ZSignUpResult = z.union([ZUser, z.object({ status: z.literal('check_email') }).strict()]);
export type TSignUpResult = z.infer<typeof ZSignUpResult>;

export const ZConfirmSignUpInput = z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) });
export type TConfirmSignUpInput = z.infer<typeof ZConfirmSignUpInput>;
