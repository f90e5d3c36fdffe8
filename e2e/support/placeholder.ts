import type { Locator } from "./test";

/**
 * How many pixels of an input's placeholder do not fit in its content box (0 or less: it
 * shows whole), measured in the page with the input's own font.
 */
export async function placeholderOverflow(input: Locator): Promise<number> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const probe = document.createElement("span");
    probe.style.font = style.font;
    probe.style.whiteSpace = "pre";
    probe.style.position = "absolute";
    probe.textContent = element.placeholder;
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return needed - room;
  });
}
