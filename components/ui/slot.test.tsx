import { createRef, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Slot } from "./slot";

type Props = Record<string, unknown>;

function merged(element: ReactElement): Props {
  const result = Slot(element.props as Parameters<typeof Slot>[0]);
  if (!result) throw new Error("Slot rendered nothing");
  return result.props as Props;
}

describe("Slot", () => {
  it("renders the child element with the slot's attributes", () => {
    const html = renderToStaticMarkup(
      <Slot className="btn" id="x" aria-invalid>
        <button type="button">Send</button>
      </Slot>,
    );
    expect(html).toBe('<button type="button" class="btn" id="x" aria-invalid="true">Send</button>');
  });

  it("joins classes, merges styles and lets the child's other props win", () => {
    const props = merged(
      <Slot className="a" style={{ color: "red", margin: 0 }} title="slot">
        <span className="b" style={{ color: "blue" }} title="child" />
      </Slot>,
    );
    expect(props.className).toBe("a b");
    expect(props.style).toEqual({ color: "blue", margin: 0 });
    expect(props.title).toBe("child");
  });

  it("runs both click handlers, the child's first", () => {
    const calls: string[] = [];
    const props = merged(
      <Slot onClick={() => calls.push("slot")}>
        <button type="button" onClick={() => calls.push("child")} />
      </Slot>,
    );
    (props.onClick as () => void)();
    expect(calls).toEqual(["child", "slot"]);
  });

  it("sets both refs", () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    const props = merged(
      <Slot ref={slotRef}>
        <span ref={childRef} />
      </Slot>,
    );
    const node = {} as HTMLElement;
    (props.ref as (node: HTMLElement | null) => void)(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenCalledWith(node);
  });
});
