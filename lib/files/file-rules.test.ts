import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseWithValidation } from "@/lib/validation/parse";
import {
  classifyUpload,
  contentDisposition,
  extensionOf,
  formatBytes,
  hasForbiddenExtension,
  isPreviewable,
  isValidFileName,
  sniffBytes,
} from "./file-rules";
import { createFolderSchema, moveFileSchema } from "./file-schema";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

describe("file names", () => {
  it.each([
    ["report.pdf", true],
    ["Presupuesto 2026 (final).xlsx", true],
    ["日本語.txt", true],
    [".hidden", true],
    ["a".repeat(255), true],
    ["a".repeat(256), false],
    ["", false],
    [".", false],
    ["..", false],
    ["a/b", false],
    ["a\\b", false],
    ["tab\there", false],
    ["nul\u0000", false],
    ["del\u007f", false],
  ])("%j valid: %s", (name, valid) => {
    expect(isValidFileName(name)).toBe(valid);
  });

  it("the schema trims and gives the spec's messages", () => {
    const ok = parseWithValidation(createFolderSchema, { parentId: "", name: "  Docs  " });
    expect(ok).toEqual({ success: true, data: { parentId: null, name: "Docs" } });
    const bad = parseWithValidation(createFolderSchema, { name: "a/b" });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.fieldErrors.name?.[0]).toContain("format");
    const long = parseWithValidation(createFolderSchema, { name: "x".repeat(256) });
    if (long.success) throw new Error("accepted a 256-character name");
    expect(long.fieldErrors.name?.[0]).toContain("maxLength");
    const empty = parseWithValidation(createFolderSchema, { name: "   " });
    if (empty.success) throw new Error("accepted an empty name");
    expect(empty.fieldErrors.name?.[0]).toContain("required");
  });

  it("a folder id is a uuid or the top level", () => {
    expect(parseWithValidation(moveFileSchema, { id: "nope", targetId: "" }).success).toBe(false);
    expect(
      parseWithValidation(moveFileSchema, {
        id: "6f1c2a8e-2b7a-4c1e-9c61-0d7a4f7b1a10",
        targetId: "also-nope",
      }).success,
    ).toBe(false);
    expect(z.uuid().safeParse("6f1c2a8e-2b7a-4c1e-9c61-0d7a4f7b1a10").success).toBe(true);
  });
});

describe("forbidden types", () => {
  it("reads the last extension, ignoring trailing dots and spaces", () => {
    expect(extensionOf("archive.tar.GZ")).toBe("gz");
    expect(extensionOf("evil.exe. ")).toBe("exe");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("README")).toBe("");
  });

  it.each([
    "setup.exe",
    "run.BAT",
    "x.cmd",
    "deploy.sh",
    "app.js",
    "page.html",
    "logo.svg",
    "a.pdf.exe",
  ])("%s is refused by its extension", (name) => {
    expect(hasForbiddenExtension(name)).toBe(true);
    expect(classifyUpload(name, text("hello"))).toEqual({ ok: false, code: "fileTypeForbidden" });
  });

  it.each([
    ["a Windows executable", bytes(0x4d, 0x5a, 0x90, 0x00)],
    ["an ELF binary", bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1)],
    ["a Mach-O binary", bytes(0xcf, 0xfa, 0xed, 0xfe)],
    ["a shell script", text("#!/bin/sh\nrm -rf /\n")],
    ["an HTML page", text("\uFEFF  <!DOCTYPE html><html><script>alert(1)</script>")],
    ["an SVG image", text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')],
  ])("%s under an innocent name is refused by its bytes", (_label, head) => {
    expect(sniffBytes(head)).toEqual({ kind: "forbidden" });
    expect(classifyUpload("notes.txt", head)).toEqual({ ok: false, code: "fileTypeForbidden" });
  });

  // The whole list, spelled out: a type dropped from the rule by mistake fails here.
  it.each(
    (
      "exe dll com scr pif cpl msi msp msc sys drv ocx bat cmd ps1 psm1 psd1 vbs vbe js jse mjs " +
      "cjs wsf wsh hta lnk reg inf jar class sh bash zsh csh ksh command app apk deb rpm dmg pkg " +
      "run elf php phtml pl py rb cgi asp aspx jsp html htm xhtml shtml mht mhtml svg svgz xsl xslt"
    ).split(" "),
  )("the extension .%s is refused", (extension) => {
    expect(hasForbiddenExtension(`file.${extension}`)).toBe(true);
    expect(hasForbiddenExtension(`FILE.${extension.toUpperCase()}`)).toBe(true);
  });

  it.each([
    ["a Windows executable", bytes(0x4d, 0x5a)],
    ["an ELF binary", bytes(0x7f, 0x45, 0x4c, 0x46)],
    ["a 32-bit big-endian Mach-O", bytes(0xfe, 0xed, 0xfa, 0xce)],
    ["a 64-bit big-endian Mach-O", bytes(0xfe, 0xed, 0xfa, 0xcf)],
    ["a 32-bit little-endian Mach-O", bytes(0xce, 0xfa, 0xed, 0xfe)],
    ["a 64-bit little-endian Mach-O", bytes(0xcf, 0xfa, 0xed, 0xfe)],
    ["a Java class or fat binary", bytes(0xca, 0xfe, 0xba, 0xbe)],
    ["a script", text("#!")],
    ["an HTML page", text("<html")],
    ["a script element", text("<script")],
    ["an SVG document", text("<svg")],
    ["a doctype", text("<!DOCTYPE html")],
    ["an iframe", text("<iframe")],
    ["an object element", text("<object")],
  ])("%s, and nothing more, is refused by its bytes", (_label, head) => {
    expect(sniffBytes(head)).toEqual({ kind: "forbidden" });
    // One byte short of the marker (or another first byte) is not.
    expect(sniffBytes(head.subarray(0, head.length - 1))).toBeNull();
  });

  it("reads only the first bytes for markup, and only where text starts with a tag", () => {
    expect(sniffBytes(text(`${" ".repeat(1030)}<html>`))).toBeNull();
    expect(sniffBytes(text("hello <html>"))).toBeNull();
    expect(sniffBytes(text("\uFEFF<html>"))).toEqual({ kind: "forbidden" });
    expect(sniffBytes(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(sniffBytes(text("GIF87a"))).toEqual({ kind: "image", type: "image/gif" });
    expect(sniffBytes(text("RIFF\0\0\0\0WAVE"))).toBeNull();
    expect(sniffBytes(text("RIFF"))).toBeNull();
    expect(sniffBytes(text("RIFX\0\0\0\0WEBP"))).toBeNull();
  });

  it("plain text mentioning markup is not a page", () => {
    expect(classifyUpload("notes.txt", text("Use <html> tags carefully"))).toEqual({
      ok: true,
      contentType: "text/plain; charset=utf-8",
    });
  });
});

describe("content types", () => {
  it("image types come from the bytes, never from the name alone", () => {
    expect(classifyUpload("photo.png", png)).toEqual({ ok: true, contentType: "image/png" });
    expect(classifyUpload("photo.jpg", png)).toEqual({ ok: true, contentType: "image/png" });
    expect(classifyUpload("photo.png", text("not an image"))).toEqual({
      ok: true,
      contentType: "application/octet-stream",
    });
    expect(classifyUpload("a.jpeg", bytes(0xff, 0xd8, 0xff, 0xe0))).toEqual({
      ok: true,
      contentType: "image/jpeg",
    });
    expect(classifyUpload("a.gif", text("GIF89a..."))).toEqual({
      ok: true,
      contentType: "image/gif",
    });
    expect(classifyUpload("a.webp", text("RIFF\0\0\0\0WEBPVP8 "))).toEqual({
      ok: true,
      contentType: "image/webp",
    });
  });

  it.each([
    ["pdf", "application/pdf"],
    ["txt", "text/plain; charset=utf-8"],
    ["md", "text/markdown; charset=utf-8"],
    ["csv", "text/csv; charset=utf-8"],
    ["json", "application/json"],
    ["rtf", "application/rtf"],
    ["doc", "application/msword"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["xls", "application/vnd.ms-excel"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["ppt", "application/vnd.ms-powerpoint"],
    ["pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
    ["odt", "application/vnd.oasis.opendocument.text"],
    ["ods", "application/vnd.oasis.opendocument.spreadsheet"],
    ["odp", "application/vnd.oasis.opendocument.presentation"],
    ["zip", "application/zip"],
    ["gz", "application/gzip"],
    ["mp3", "audio/mpeg"],
    ["wav", "audio/wav"],
    ["ogg", "audio/ogg"],
    ["mp4", "video/mp4"],
    ["webm", "video/webm"],
    ["mov", "video/quicktime"],
  ])("a .%s file is served as %s", (extension, type) => {
    expect(classifyUpload(`file.${extension}`, text("x"))).toEqual({ ok: true, contentType: type });
  });

  // Image types that are never previewed keep their extension's type (docs/backoffice.md).
  it.each([
    ["avif", "image/avif"],
    ["heic", "image/heic"],
    ["tif", "image/tiff"],
    ["tiff", "image/tiff"],
    ["bmp", "image/bmp"],
  ])("a .%s file is served as %s, never previewed", (extension, type) => {
    expect(classifyUpload(`file.${extension}`, text("x"))).toEqual({ ok: true, contentType: type });
    expect(isPreviewable(type)).toBe(false);
  });

  it("other files get the type of their extension or octet-stream", () => {
    expect(classifyUpload("a.pdf", text("%PDF-1.7"))).toEqual({
      ok: true,
      contentType: "application/pdf",
    });
    expect(classifyUpload("data.unknown", text("x"))).toEqual({
      ok: true,
      contentType: "application/octet-stream",
    });
  });
});

describe("downloads", () => {
  it("names the file for every browser (RFC 6266 fallback + RFC 5987 UTF-8)", () => {
    expect(contentDisposition("attachment", "Résumé 2026.pdf")).toBe(
      `attachment; filename="Resume 2026.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026.pdf`,
    );
    expect(contentDisposition("inline", `a"b\\c's (1).png`)).toBe(
      `inline; filename="a_b_c's (1).png"; filename*=UTF-8''a%22b%5Cc%27s%20%281%29.png`,
    );
    expect(contentDisposition("attachment", "a*b.txt")).toBe(
      `attachment; filename="a*b.txt"; filename*=UTF-8''a%2Ab.txt`,
    );
    expect(contentDisposition("attachment", "報告.txt")).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.txt`,
    );
  });

  it("formats sizes in the locale", () => {
    expect(formatBytes(0, "en")).toBe("0 bytes");
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(1536, "es")).toBe("1,5 kB");
    expect(formatBytes(1024 ** 3, "en")).toBe("1 GB");
    expect(formatBytes(1023, "en")).toBe("1,023 bytes");
    // From 100 of a unit on, no decimals; terabytes are the largest unit.
    expect(formatBytes(150.5 * 1024, "en")).toBe("151 kB");
    expect(formatBytes(99.5 * 1024 * 1024, "en")).toBe("99.5 MB");
    expect(formatBytes(2048 * 1024 ** 4, "en")).toBe("2,048 TB");
  });
});
