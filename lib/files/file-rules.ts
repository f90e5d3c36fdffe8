/**
 * The rules of the organisation's files that both the browser and the server apply: names,
 * forbidden types (by extension and by the first bytes), the served content type and which
 * files get an image preview. Pure functions; no server imports.
 */

export const FILE_NAME_MAX = 255;

const forbiddenCharacters = /[/\\\u0000-\u001f\u007f]/;

/** A folder or file name: not empty, ≤ 255, no slash, backslash or control character, not "." or "..". */
export function isValidFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= FILE_NAME_MAX &&
    name !== "." &&
    name !== ".." &&
    !forbiddenCharacters.test(name)
  );
}

/**
 * Executables and scripts, and the types a browser would run as a page (HTML, SVG, XML
 * stylesheets): refused at upload, whatever the declared type.
 */
export const forbiddenExtensions: ReadonlySet<string> = new Set([
  "exe",
  "dll",
  "com",
  "scr",
  "pif",
  "cpl",
  "msi",
  "msp",
  "msc",
  "sys",
  "drv",
  "ocx",
  "bat",
  "cmd",
  "ps1",
  "psm1",
  "psd1",
  "vbs",
  "vbe",
  "js",
  "jse",
  "mjs",
  "cjs",
  "wsf",
  "wsh",
  "hta",
  "lnk",
  "reg",
  "inf",
  "jar",
  "class",
  "sh",
  "bash",
  "zsh",
  "csh",
  "ksh",
  "command",
  "app",
  "apk",
  "deb",
  "rpm",
  "dmg",
  "pkg",
  "run",
  "elf",
  "php",
  "phtml",
  "pl",
  "py",
  "rb",
  "cgi",
  "asp",
  "aspx",
  "jsp",
  "html",
  "htm",
  "xhtml",
  "shtml",
  "mht",
  "mhtml",
  "svg",
  "svgz",
  "xsl",
  "xslt",
]);

/** The last extension, lower-cased, ignoring trailing dots and spaces ("a.EXE. " → "exe"). */
export function extensionOf(name: string): string {
  const cleaned = name.replace(/[.\s]+$/, "");
  const dot = cleaned.lastIndexOf(".");
  return dot <= 0 ? "" : cleaned.slice(dot + 1).toLowerCase();
}

export function hasForbiddenExtension(name: string): boolean {
  return forbiddenExtensions.has(extensionOf(name));
}

export const previewableTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type PreviewableType = (typeof previewableTypes)[number];

export function isPreviewable(contentType: string | null | undefined): boolean {
  return (previewableTypes as readonly string[]).includes(contentType ?? "");
}

export type Sniffed = { kind: "forbidden" } | { kind: "image"; type: PreviewableType } | null;

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((value, index) => bytes[offset + index] === value);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Executable formats by their magic numbers: PE (MZ), ELF, Mach-O (all four), Java class/fat binaries. */
const executableMagic: readonly (readonly number[])[] = [
  ascii("MZ"),
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  ascii("#!"),
];

const markupMarkers = ["<html", "<script", "<svg", "<!doctype html", "<iframe", "<object"];

/**
 * What the first bytes say: an executable, a script or a page a browser would run
 * (forbidden), one of the previewable image formats, or nothing in particular (null).
 */
export function sniffBytes(bytes: Uint8Array): Sniffed {
  if (executableMagic.some((magic) => startsWith(bytes, magic))) return { kind: "forbidden" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: "image", type: "image/png" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", type: "image/jpeg" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { kind: "image", type: "image/gif" };
  }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) {
    return { kind: "image", type: "image/webp" };
  }
  // Text that a browser would treat as a page: markup near the start (after a BOM/spaces).
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<") && markupMarkers.some((marker) => head.includes(marker))) {
    return { kind: "forbidden" };
  }
  return null;
}

const typesByExtension: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  rtf: "application/rtf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  zip: "application/zip",
  gz: "application/gzip",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  avif: "image/avif",
  heic: "image/heic",
  tif: "image/tiff",
  tiff: "image/tiff",
  bmp: "image/bmp",
};

export type FileVerdict =
  { ok: true; contentType: string } | { ok: false; code: "fileTypeForbidden" };

/**
 * Decides an upload by its name and first bytes. The declared type of the browser is never
 * trusted: an image type is given only when the bytes are that image (so previews are real
 * images), anything else gets the type of its extension or application/octet-stream.
 */
export function classifyUpload(name: string, head: Uint8Array): FileVerdict {
  if (hasForbiddenExtension(name)) return { ok: false, code: "fileTypeForbidden" };
  const sniffed = sniffBytes(head);
  if (sniffed?.kind === "forbidden") return { ok: false, code: "fileTypeForbidden" };
  if (sniffed?.kind === "image") return { ok: true, contentType: sniffed.type };
  const byExtension = typesByExtension[extensionOf(name)];
  // An image extension whose bytes are not that image is served as plain bytes.
  if (!byExtension || byExtension.startsWith("image/")) {
    return { ok: true, contentType: byExtension ?? "application/octet-stream" };
  }
  return { ok: true, contentType: byExtension };
}

const byteUnits = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** "1.5 MB" / "1,5 MB": binary multiples (1 KB = 1024 bytes) in the locale's digits. */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: byteUnits[unit],
    unitDisplay: unit === 0 ? "long" : "short",
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}

/**
 * A Content-Disposition value with an ASCII fallback name and the exact UTF-8 name
 * (RFC 6266 / RFC 5987): `attachment; filename="Re_sume_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`.
 */
export function contentDisposition(kind: "attachment" | "inline", name: string): string {
  const fallback = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
