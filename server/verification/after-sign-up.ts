import type { Database } from '@/db/client';
import { logError } from '../log';
import { sendVerificationEmail } from './request';

/** The verification email of a new account; a transport failure never fails the sign-up (the user can resend). */
export async function verifyNewAccount(db: Database, userId: string) {
  try {
    await sendVerificationEmail(db, userId);
  } catch (error) {
    logError('verification email not sent', error);
  }
}
