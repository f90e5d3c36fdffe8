/**
 * The organisation logo's rules, shared by the browser (the picker's accept list and a first
 * check) and the server (which trusts only the bytes): PNG, JPEG or WebP, at most 2 MB.
 */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const logoTypes = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof logoTypes)[number];

export const logoExtensions: Record<LogoType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

export function isLogoType(value: string | null | undefined): value is LogoType {
  return (logoTypes as readonly string[]).includes(value ?? "");
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((value, index) => bytes[offset + index] === value);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image type the first bytes prove (magic numbers), or null for anything else. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}
