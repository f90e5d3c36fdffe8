import { House, LayoutGrid, Sun } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lucideIconData, ServerIcon } from "./server-icon";
import { SvgIcon } from "./svg-icon";

describe("SvgIcon and ServerIcon", () => {
  it("draw the same markup as lucide's own components, from the same data", async () => {
    const [house, sun, layoutGrid] = await Promise.all([
      lucideIconData("house"),
      lucideIconData("sun"),
      lucideIconData("layout-grid"),
    ]);
    expect(renderToStaticMarkup(<SvgIcon icon={house} />)).toBe(renderToStaticMarkup(<House />));
    expect(renderToStaticMarkup(<SvgIcon icon={sun} className="size-4" />)).toBe(
      renderToStaticMarkup(<Sun className="size-4" />),
    );
    expect(renderToStaticMarkup(<SvgIcon icon={layoutGrid} />)).toBe(
      renderToStaticMarkup(<LayoutGrid />),
    );
    // The server component resolves to the same element.
    const element = await ServerIcon({ name: "sun", className: "size-4" });
    expect(renderToStaticMarkup(element)).toBe(renderToStaticMarkup(<Sun className="size-4" />));
  });

  it("is hidden from assistive technology unless labelled", async () => {
    const sun = await lucideIconData("sun");
    expect(renderToStaticMarkup(<SvgIcon icon={sun} />)).toContain('aria-hidden="true"');
    const labelled = renderToStaticMarkup(<SvgIcon icon={sun} aria-label="Light theme" />);
    expect(labelled).toContain('aria-label="Light theme"');
    expect(labelled).not.toContain("aria-hidden");
  });
});
