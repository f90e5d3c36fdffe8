import { describe, expect, it } from "vitest";
import { publicPathname } from "@/lib/i18n/public-pathname";

describe("publicPathname", () => {
  it.each([
    ["/en", "/"],
    ["/es", "/"],
    ["/en/about", "/about"],
    ["/es/docs/getting-started", "/docs/getting-started"],
    ["/", "/"],
    ["/about", "/about"],
    ["/english", "/english"],
    ["/es-mx/about", "/es-mx/about"],
    ["/docs/en", "/docs/en"],
  ])("%s → %s", (input, expected) => {
    expect(publicPathname(input)).toBe(expected);
  });
});
