import bcrypt from 'bcryptjs';

const COST = 12;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  // Compare against a dummy hash when there is none, so timing does not reveal unknown accounts.
  return bcrypt.compare(password, hash ?? DUMMY_HASH);
}

const DUMMY_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKcEeO5Bf5vJY1RW3xCMUZvp5cD4u8Zx5hJWi';
