import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_PIXELS, processImage } from "./process-image";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** CRC-32 of PNG chunks (node:zlib has crc32 from Node 22 only). */
function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(name: string, data: Uint8Array): Buffer {
  const type = Buffer.from(name);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])), 0);
  return Buffer.concat([length, type, data, crc]);
}

/** A PNG whose header claims `width` × `height` (its pixels are never there to read). */
function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

describe("processImage", () => {
  it("re-encodes a JPEG as WebP within the longest side, keeping its proportions", async () => {
    const input = await solid(3000, 1500).jpeg().toBuffer();
    const out = await processImage(input, { maxSide: 2000 });
    if (typeof out === "string") throw new Error(out);
    expect(out).toMatchObject({ contentType: "image/webp", width: 2000, height: 1000 });
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 2000, 1000]);
  });

  it("never enlarges a small picture", async () => {
    const out = await processImage(await solid(300, 200).png().toBuffer(), { maxSide: 2000 });
    expect(out).toMatchObject({ width: 300, height: 200 });
  });

  it("drops the camera's metadata and applies its orientation", async () => {
    const input = await solid(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Secret place" } } })
      .toBuffer();
    const out = await processImage(input, { maxSide: 2000 });
    if (typeof out === "string") throw new Error(out);
    // Orientation 6 turns the picture a quarter: it comes out upright, 200 × 400.
    expect([out.width, out.height]).toEqual([200, 400]);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("refuses what is not a picture, and formats it does not take", async () => {
    const text = new TextEncoder().encode("<script>alert(1)</script>");
    expect(await processImage(text, { maxSide: 2000 })).toBe("imageUnreadable");
    const gif = await solid(10, 10).gif().toBuffer();
    expect(await processImage(gif, { maxSide: 2000 })).toBe("imageUnreadable");
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    );
    expect(await processImage(svg, { maxSide: 2000 })).toBe("imageUnreadable");
    const truncated = (await solid(500, 500).png().toBuffer()).subarray(0, 200);
    expect(await processImage(truncated, { maxSide: 2000 })).toBe("imageUnreadable");
  });

  it("refuses a canvas over the pixel limit from its header alone", async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    expect(await processImage(pngClaiming(side, side), { maxSide: 2000 })).toBe("imageTooLarge");
    expect(await processImage(pngClaiming(50_000, 50_000), { maxSide: 2000 })).toBe(
      "imageTooLarge",
    );
  });
});
