import { isIPv6 } from 'node:net';

/**
 * The key an address's attempts are counted under (docs/decisions/0003-login-rate-limit.md).
 *
 * An IPv6 client is commonly given a whole /64 network, 2^64 addresses of its own, and can send
 * each request from another of them: counted address by address, the per-address limits would
 * hold nobody back. IPv6 addresses are therefore counted by their /64 network, the smallest
 * block one subscriber is given. An IPv4 client written as IPv6 counts as its IPv4 address:
 * `::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 clients, and `64:ff9b::192.0.2.1`, as
 * a translator in front of an IPv6-only server reports them (the well-known prefix of RFC 6052;
 * counted by its /64, every IPv4 client of the internet would share one key). Anything else, an
 * IPv4 address included, is its own key.
 */
export function addressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (carriesIpv4(groups)) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return prefixKey(groups, 64);
}

/**
 * The network an IPv6 client's site is given, its /48, whose attempts are counted too under a
 * higher limit: a tunnel broker gives anyone a /48 for free, 65,536 /64s to count as as many
 * clients. Guesses at one username are counted by it alone (decision 3). Null for an IPv4
 * client (its address is already the whole of what it holds).
 */
export function networkKey(address: string): string | null {
  const groups = ipv6Groups(address);
  return groups && !carriesIpv4(groups) ? prefixKey(groups, 48) : null;
}

/** The groups of an IPv6 address (its zone, `%eth0`, names the host's interface: dropped). */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%', 1)[0] ?? address;
  return isIPv6(bare) ? hexGroups(bare.toLowerCase()) : null;
}

/** Whether the first 96 bits are `::ffff:0:0/96` (IPv4-mapped) or `64:ff9b::/96` (translated). */
const carriesIpv4 = ([a, b, c, d, e, f]: number[]) =>
  c === 0 &&
  d === 0 &&
  e === 0 &&
  ((a === 0 && b === 0 && f === 0xffff) || (a === 0x64 && b === 0xff9b && f === 0));

/** `2001:db8:1::/48`, the network's groups in full and its prefix length. */
const prefixKey = (groups: number[], bits: 48 | 64) =>
  `${groups
    .slice(0, bits / 16)
    .map((group) => group.toString(16))
    .join(':')}::/${bits}`;

/** The eight 16-bit groups of a valid IPv6 address (`isIPv6`), `::` and a dotted tail expanded. */
function hexGroups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return parse(head);
  const before = parse(head);
  const after = parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
