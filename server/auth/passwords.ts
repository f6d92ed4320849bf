import { hash, verify } from '@node-rs/bcrypt';

const COST = 12;

// A native bcrypt on libuv's thread pool: a flood of sign-ins queues there and never blocks the event
// loop, so every other request keeps being answered. Hashes stay `$2b$12$` and verify as before.
export function hashPassword(password: string): Promise<string> {
  return hash(password, COST);
}

export function verifyPassword(password: string, passwordHash: string | null): Promise<boolean> {
  // Compare against a dummy hash when there is none, so timing does not reveal unknown accounts.
  return verify(password, passwordHash ?? DUMMY_HASH);
}

const DUMMY_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKcEeO5Bf5vJY1RW3xCMUZvp5cD4u8Zx5hJWi';
