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

  it('hashes off the event loop: the loop keeps turning while a check runs', async () => {
    const stored = await hashPassword('correct horse battery');
    let turns = 0;
    let done = false;
    const spin = () => {
      turns += 1;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    await verifyPassword('correct horse battery', stored).finally(() => (done = true));
    // a cost-12 check on another thread leaves the loop free: thousands of turns meanwhile; bcryptjs
    // (the old code) hashed on the loop in 100 ms slices and allowed a turn per slice, a handful
    expect(turns).toBeGreaterThan(1000);
  });
});
