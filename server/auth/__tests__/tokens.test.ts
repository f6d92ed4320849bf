import { expect, it } from 'vitest';
import { generateSecret, hashSecret } from '../tokens';

it('stores secrets as their SHA-256 in hex, as every token already issued was stored', () => {
  // FIPS 180-2's test vector: a different digest would lock out every existing token
  expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  const secret = generateSecret('service_key_');
  expect(secret).toMatch(/^service_key_[A-Za-z0-9_-]{43}$/);
  expect(hashSecret(secret)).not.toBe(hashSecret(generateSecret('service_key_')));
});
