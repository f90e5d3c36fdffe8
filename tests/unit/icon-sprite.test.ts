import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Icon, iconSpriteUrl } from "@/components/ui/icon";
import { iconNames, isIconName } from "@/lib/icons/icon-names";
import { buildIconSprite, iconSymbol, lucideIconData } from "@/lib/icons/sprite";
import { categoryIconNames } from "@/lib/navigation/categories";

describe("the icon sprite", () => {
  it("has one symbol per listed icon, each drawn from lucide's own data", async () => {
    const sprite = await buildIconSprite();
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...iconNames]);
    expect(new Set(ids).size).toBe(ids.length);
    // The sun's first shape, as lucide draws it (its React key is not an attribute).
    const sun = await lucideIconData("sun");
    expect(sprite).toContain(iconSymbol("sun", sun));
    expect(iconSymbol("sun", sun)).toBe(
      '<symbol id="sun" viewBox="0 0 24 24"><circle cx="12" cy="12" r="4"/>' +
        sun.node
          .slice(1)
          .map(([tag, attributes]) => {
            const attrs = Object.entries(attributes)
              .filter(([name]) => name !== "key")
              .map(([name, value]) => ` ${name}="${String(value)}"`)
              .join("");
            return `<${tag}${attrs}/>`;
          })
          .join("") +
        "</symbol>",
    );
    expect(sprite).not.toContain("key=");
  });

  it("escapes attribute values and nests children", () => {
    const symbol = iconSymbol("test", {
      name: "test",
      node: [["g", { id: 'a"b<c>&' }, [["path", { d: "M0 0" }]]]],
    } as never);
    expect(symbol).toBe(
      '<symbol id="test" viewBox="0 0 24 24"><g id="a&quot;b&lt;c&gt;&amp;"><path d="M0 0"/></g></symbol>',
    );
  });

  it("covers every category icon", () => {
    for (const name of categoryIconNames) expect(isIconName(name)).toBe(true);
    expect(isIconName("not-an-icon")).toBe(false);
    expect(isIconName(undefined)).toBe(false);
  });

  it("draws an icon as a <use> of the sprite, hidden from assistive technology unless labelled", () => {
    expect(iconSpriteUrl).toMatch(/^\/icons\.svg\?v=/);
    expect(renderToStaticMarkup(createElement(Icon, { name: "sun", className: "size-4" }))).toBe(
      `<svg class="icon size-4" aria-hidden="true"><use href="${iconSpriteUrl}#sun"></use></svg>`,
    );
    const labelled = renderToStaticMarkup(
      createElement(Icon, { name: "sun", "aria-label": "Light theme" }),
    );
    expect(labelled).toBe(
      `<svg class="icon" role="img" aria-label="Light theme"><use href="${iconSpriteUrl}#sun"></use></svg>`,
    );
  });
});
