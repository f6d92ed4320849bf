import { expect, it } from 'vitest';
import { pastedAddresses } from '@/app/(dashboard)/p/[slug]/lists/[list_id]/pasted-addresses';

it('reads addresses separated by commas, semicolons, spaces and line breaks', () => {
  expect(pastedAddresses('a@x.test, b@x.test;c@x.test\nd@x.test e@x.test\r\n\tf@x.test')).toEqual({
    emails: ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test', 'f@x.test'],
    repeated: 0,
  });
});

it('reads "Name <address>" from a mail client as the address, quoted names with commas included', () => {
  const text = 'Bob <bob@x.test>\n"Lovelace, Ada" <ada@x.test>, Grace Hopper <grace@x.test>; plain@x.test';
  expect(pastedAddresses(text).emails).toEqual(['bob@x.test', 'ada@x.test', 'grace@x.test', 'plain@x.test']);
});

it('keeps a repeated address once, in any case, and counts the repeats', () => {
  expect(pastedAddresses('alice@x.test\nALICE@x.test, Alice <alice@X.test>')).toEqual({ emails: ['alice@x.test'], repeated: 2 });
});

it('passes what is not an address on as it is, so the list reports it as not valid', () => {
  expect(pastedAddresses('not-an-address, <>').emails).toEqual(['not-an-address']);
});

it('keeps the other addresses of an entry that also has a Name <address>, and reads quoted or bracketed cells', () => {
  expect(pastedAddresses('a@x.test b@x.test Bob <c@x.test>').emails).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  expect(pastedAddresses('a@x.test\tBob <bob@x.test>').emails).toEqual(['a@x.test', 'bob@x.test']);
  expect(pastedAddresses('a@x.test\rb@x.test\rBob <c@x.test>').emails).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  expect(pastedAddresses('"a@x.test","b@x.test"').emails).toEqual(['a@x.test', 'b@x.test']);
  expect(pastedAddresses('["a@x.test", "b@x.test"]').emails).toEqual(['a@x.test', 'b@x.test']);
  expect(pastedAddresses('email\r\n"a@x.test"\r\n"b@x.test"').emails).toEqual(['email', 'a@x.test', 'b@x.test']);
});

it('reads a paste of 20,000 addresses separated by spaces alone, every one of them', () => {
  const addresses = Array.from({ length: 20_000 }, (_, i) => `user${i}@example.test`);
  expect(pastedAddresses(addresses.join(' ')).emails).toHaveLength(20_000);
  expect(pastedAddresses(`${'"'.repeat(50_000)}a@x.test`).emails).toEqual(['a@x.test']);
});
