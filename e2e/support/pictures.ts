import sharp from "sharp";

/** A plain picture for upload tests, made here (nothing downloaded). */
export async function picture(
  name: string,
  options: { width?: number; height?: number; colour?: string; format?: "png" | "jpeg" } = {},
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { width = 900, height = 700, colour = "#2a7de1", format = "png" } = options;
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  const buffer = await (format === "png" ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}
