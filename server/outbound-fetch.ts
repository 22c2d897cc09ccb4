/**
 * The one way the server fetches an address that content or staff supplied (a floor plan's or
 * photo's https address, for the brochure): decision 066. Such an address must never make the
 * server reach itself, its network or the cloud's metadata service (server-side request
 * forgery), so a fetch here:
 * - takes https only;
 * - resolves the host, refuses it when any of its addresses is not public (loopback, private,
 *   link-local and metadata, CGNAT, "this network", multicast, reserved, documentation; IPv6's
 *   unique-local, link-local, multicast; an IPv4 hidden in IPv6 by mapping or NAT64 is judged
 *   as the IPv4 it is), then connects to the very address it checked (the socket's `lookup`
 *   answers it, so a second DNS answer cannot swap in another: no rebinding gap);
 * - follows at most {@link maxRedirects} redirects, each checked again like the first address;
 * - stops reading past `maxBytes`, and gives up after a connect and a total time limit.
 * `outboundUrlProblem` is the same rule without DNS, for the forms and imports that take such
 * an address, so staff hear of a refused one where they type it.
 */
import { lookup as resolveName } from "node:dns/promises";
import { request as httpsRequest, type RequestOptions } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** Ranges no outbound fetch may reach (IANA special-purpose registries, RFC 6890 and later). */
const refusedRanges = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // carrier-grade NAT (RFC 6598)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast (255.255.255.255)
] as const) {
  refusedRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local, cloud metadata (fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  refusedRanges.addSubnet(network, prefix, "ipv6");
}

/** An IPv6 address's eight 16-bit groups, a trailing dotted IPv4 read as two. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = (dotted[1] ?? "").split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const read = (part: string | undefined) =>
    part === undefined || part === "" ? [] : part.split(":").map((group) => parseInt(group, 16));
  const front = read(head);
  const back = read(tail);
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<number>(zeros).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries, when it is one of the forms that reach an IPv4 host:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96 and the local
 * 64:ff9b:1::/48) and 6to4 (2002::/16).
 */
function embeddedIPv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const g = (index: number) => groups[index] ?? 0;
  const quad = (high: number, low: number) =>
    [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zero(0, 5) && (g(5) === 0xffff || g(5) === 0)) return quad(g(6), g(7));
  if (g(0) === 0x64 && g(1) === 0xff9b && (zero(2, 6) || g(2) === 1)) return quad(g(6), g(7));
  if (g(0) === 0x2002) return quad(g(1), g(2));
  return undefined;
}

/** Whether an IP address is one an outbound fetch may connect to: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refusedRanges.check(address, "ipv4");
  if (family !== 6) return false;
  const inner = embeddedIPv4(address);
  if (inner !== undefined && inner !== "0.0.0.0") return isPublicAddress(inner);
  return !refusedRanges.check(address, "ipv6");
}

/** A URL's host as an IP literal (brackets dropped), when it is one. */
function hostAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) === 0 ? undefined : host;
}

/**
 * What is wrong with an address the server would fetch, in words for the person who typed it;
 * undefined when it may be fetched as far as can be told without DNS (the fetch resolves the
 * name and checks again).
 */
export function outboundUrlProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "is not a valid address";
  }
  if (url.protocol !== "https:") return "must be an https address";
  if (url.username !== "" || url.password !== "") return "must not hold a user name or password";
  const literal = hostAddress(url);
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const local =
    literal !== undefined
      ? !isPublicAddress(literal)
      : host === "localhost" || host.endsWith(".localhost") || !host.includes(".");
  return local ? "must be a public address (not this server or a private network)" : undefined;
}

/** Why an outbound fetch did not happen or was cut short (logged, never shown to visitors). */
export class OutboundFetchError extends Error {
  override name = "OutboundFetchError";
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * How names are resolved and which addresses are allowed. Production uses DNS and
 * {@link isPublicAddress}; a unit test swaps them to reach a local test server.
 */
export interface OutboundPolicy {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  isAllowed(address: string): boolean;
  /** Extra trusted certificate authorities (a test server's self-signed certificate). */
  ca?: string;
}

export const publicInternet: OutboundPolicy = {
  async resolve(hostname) {
    const answers = await resolveName(hostname, { all: true, verbatim: true });
    return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  },
  isAllowed: isPublicAddress,
};

export interface OutboundFetchOptions {
  /** The most bytes read; a longer answer is refused, reading stops there. */
  maxBytes: number;
  /** Time to open the connection (TCP and TLS), in milliseconds. */
  connectTimeoutMs?: number;
  /** Time for the whole fetch, redirects and body included, in milliseconds. */
  totalTimeoutMs?: number;
  /** The `Accept` header. */
  accept?: string;
}

export interface OutboundAnswer {
  status: number;
  contentType: string | undefined;
  body: Uint8Array;
}

/** Redirects followed at most; each target is checked like the first address. */
export const maxRedirects = 3;
const defaultConnectTimeoutMs = 5_000;
const defaultTotalTimeoutMs = 10_000;

/** The address to connect to for `url`, after the checks; throws when any is refused. */
async function checkedAddress(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress> {
  if (url.protocol !== "https:") throw new OutboundFetchError(`refused ${url.protocol} address`);
  const literal = hostAddress(url);
  const addresses =
    literal !== undefined
      ? [{ address: literal, family: isIP(literal) as 4 | 6 }]
      : await policy.resolve(url.hostname);
  const [first] = addresses;
  if (first === undefined) throw new OutboundFetchError("the host has no address");
  // Every answer must be allowed: a name that resolves to a public and a private address could
  // otherwise reach the private one on a later connection.
  const refused = addresses.find(({ address }) => !policy.isAllowed(address));
  if (refused !== undefined) {
    throw new OutboundFetchError(`refused address ${refused.address}`);
  }
  return first;
}

/** One GET to a checked address: the answer, a redirect's target, or an error. */
function getOnce(
  url: URL,
  pinned: ResolvedAddress,
  options: Required<OutboundFetchOptions>,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<OutboundAnswer & { location?: string }> {
  // The socket asks this for the host's address: it answers the checked one, whatever DNS
  // would say now. Node asks for a list when it races IPv4 and IPv6 (`all`).
  const lookup = ((_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  }) as LookupFunction;
  const requestOptions: RequestOptions = {
    method: "GET",
    lookup,
    agent: false,
    signal,
    headers: { accept: options.accept, "user-agent": "homes-site" },
    ...(policy.ca === undefined ? {} : { ca: policy.ca }),
  };
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, requestOptions, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        response.destroy();
        resolve({ status, contentType: undefined, body: new Uint8Array(), location });
        return;
      }
      if (Number(response.headers["content-length"] ?? 0) > options.maxBytes) {
        response.destroy();
        reject(new OutboundFetchError(`answer larger than ${options.maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      response.on("data", (chunk: Buffer) => {
        length += chunk.length;
        if (length > options.maxBytes) {
          response.destroy();
          reject(new OutboundFetchError(`answer larger than ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () =>
        resolve({
          status,
          contentType: response.headers["content-type"],
          body: new Uint8Array(Buffer.concat(chunks)),
        }),
      );
      response.on("error", reject);
      // Closed before its end (the time limit, a reset): a settled promise ignores this.
      response.on("close", () => reject(new OutboundFetchError("answer cut short")));
    });
    const connectTimer = setTimeout(
      () => request.destroy(new OutboundFetchError("connection timed out")),
      options.connectTimeoutMs,
    );
    request.on("socket", (socket) => {
      socket.once("secureConnect", () => clearTimeout(connectTimer));
    });
    request.on("close", () => clearTimeout(connectTimer));
    request.on("error", reject);
    request.end();
  });
}

/**
 * GETs `address` under the rules above and answers its status, content type and body (a
 * non-2xx answer is returned, not thrown); throws {@link OutboundFetchError} or a network error
 * when refused, cut short or failed.
 */
export async function fetchOutbound(
  address: string,
  options: OutboundFetchOptions,
  policy: OutboundPolicy = publicInternet,
): Promise<OutboundAnswer> {
  const settings: Required<OutboundFetchOptions> = {
    connectTimeoutMs: defaultConnectTimeoutMs,
    totalTimeoutMs: defaultTotalTimeoutMs,
    accept: "*/*",
    ...options,
  };
  const signal = AbortSignal.timeout(settings.totalTimeoutMs);
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    const pinned = await checkedAddress(url, policy);
    signal.throwIfAborted();
    const answer = await getOnce(url, pinned, settings, policy, signal);
    if (answer.location === undefined) return answer;
    if (hop === maxRedirects) throw new OutboundFetchError("too many redirects");
    url = new URL(answer.location, url);
  }
}
