import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../passwords';

describe('password hashing', () => {
  it('verifies bcrypt hashes written before (bcryptjs, $2b$12$) and new ones', async () => {
    const legacy = '$2b$12$C6UzMDM.H6dfI/f/IKcEeO5Bf5vJY1RW3xCMUZvp5cD4u8Zx5hJWi';
    expect(await verifyPassword('not it', legacy)).toBe(false);
    const fresh = await hashPassword('correct horse battery');
    expect(fresh).toMatch(/^\$2[aby]\$12\$/);
    expect(await verifyPassword('correct horse battery', fresh)).toBe(true);
    expect(await verifyPassword('wrong', fresh)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });

  it('hashes off the event loop: a check finishes while the main thread is busy elsewhere', async () => {
    const stored = await hashPassword('correct horse battery');
    const started = performance.now();
    await verifyPassword('correct horse battery', stored);
    const alone = performance.now() - started;

    const pending = verifyPassword('correct horse battery', stored);
    const until = performance.now() + alone * 1.5;
    while (performance.now() < until) {
      // the main thread does other work: a hash on this thread could not progress meanwhile
    }
    const unblocked = performance.now();
    await pending;
    // done on another thread during the busy wait; a hash on the event loop would need all of `alone` now
    expect(performance.now() - unblocked).toBeLessThan(alone * 0.5);
  });
});
