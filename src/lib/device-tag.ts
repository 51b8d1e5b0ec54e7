/**
 * What this device keeps about a phone number (in local storage, which outlives the tab) is never
 * the number (security review, L6 and L1): it is a tag, the first 16 bits of HMAC-SHA-256 of the
 * number under a random salt of the device. A salted hash alone would not hide the numbers from
 * whoever reads the storage, which holds the salt too: every number of a country can be tried in
 * seconds. Cut to 16 bits, each tag stands for thousands of numbers of any one country, so it says
 * nothing about which; the price is that two numbers may share a tag (1 in 65,536 a pair).
 */
const SALT_BYTES = 16;
const TAG_HEX = 4;

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A new random salt for a device's tags (base64url). */
export function newDeviceSalt(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
}

/** The tag of `text` under `salt`: the first 16 bits of HMAC-SHA-256(salt, text), in hex. */
export async function deviceTag(subtle: SubtleCrypto, salt: string, text: string): Promise<string> {
  const key = await subtle.importKey(
    'raw',
    fromBase64Url(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return [...mac.subarray(0, TAG_HEX / 2)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
