import { isIPv4, isIPv6 } from "node:net";

/**
 * The part of a client address that attempt limits count by. One IPv6 subscriber usually holds a
 * whole /64 (and picks addresses in it at will), so IPv6 addresses count per /64; IPv4 addresses,
 * including IPv4 written as IPv6 (::ffff:a.b.c.d), count one by one.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address.split("%")[0] ?? "")) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const first = head ? head.split(":") : [];
  const last = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - first.length - last.length).fill("0");
  return [...first, ...zeros, ...last].map((group) => Number.parseInt(group, 16).toString(16));
}
