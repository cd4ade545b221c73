import { expect, test } from 'vitest';
import { addressKey, networkKey } from './address-key.ts';

test.each([
  ['an IPv4 address is its own key', '192.0.2.7', '192.0.2.7'],
  ['an IPv6 address counts by its /64', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  [
    'another address of the same /64',
    '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
    '2001:db8:1:2::/64',
  ],
  ['the next /64 is another key', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
  ['a shortened network part', '2001:db8::1', '2001:db8:0:0::/64'],
  ['the loopback', '::1', '0:0:0:0::/64'],
  ['an IPv4 address as a dual-stack socket reports it', '::ffff:192.0.2.7', '192.0.2.7'],
  ['the same, written in hexadecimal', '::ffff:c000:207', '192.0.2.7'],
  ['a zone names the interface, not the client', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['an IPv4 client through a translator (RFC 6052)', '64:ff9b::192.0.2.7', '192.0.2.7'],
  ['the same, written in hexadecimal', '64:ff9b::c000:207', '192.0.2.7'],
  ['another IPv4 client through it is another key', '64:ff9b::198.51.100.1', '198.51.100.1'],
  ['the local-use prefix is only a network', '64:ff9b:1::c000:207', '64:ff9b:1:0::/64'],
  ['mapped needs its zeros', '0:1::ffff:c000:207', '0:1:0:0::/64'],
  ['not an address (a proxy wrote something else)', 'unknown', 'unknown'],
])('%s', (_case, address, key) => {
  expect(addressKey(address)).toBe(key);
});

test.each([
  ['an IPv6 address is in its /48', '2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
  ['another /64 of the same /48', '2001:db8:1:ffff::1', '2001:db8:1::/48'],
  ['the next /48 is another network', '2001:db8:2::1', '2001:db8:2::/48'],
  ['a zone names the interface, not the network', 'fe80::1%eth0', 'fe80:0:0::/48'],
  ['an IPv4 address has none beside its own key', '192.0.2.7', null],
  ['nor has one a dual-stack socket reports', '::ffff:192.0.2.7', null],
  ['nor one through a translator', '64:ff9b::192.0.2.7', null],
  ['nor what is not an address', 'unknown', null],
])('the network: %s', (_case, address, key) => {
  expect(networkKey(address)).toBe(key);
});
