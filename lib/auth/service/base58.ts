/** Bitcoin-alphabet base58 (Solana addresses and signatures). */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const VALUES = new Map([...ALPHABET].map((char, index) => [char, BigInt(index)]));

/** Decodes base58; undefined when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (!text) return undefined;
  let value = BigInt(0);
  for (const char of text) {
    const digit = VALUES.get(char);
    if (digit === undefined) return undefined;
    value = value * BigInt(58) + digit;
  }
  const bytes: number[] = [];
  while (value > BigInt(0)) {
    bytes.unshift(Number(value % BigInt(256)));
    value /= BigInt(256);
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === "1") zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

export function encodeBase58(bytes: Uint8Array): string {
  let value = BigInt(0);
  for (const byte of bytes) value = value * BigInt(256) + BigInt(byte);
  let text = "";
  while (value > BigInt(0)) {
    text = ALPHABET[Number(value % BigInt(58))] + text;
    value /= BigInt(58);
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}
