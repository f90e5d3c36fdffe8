import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from "react";

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };

type AnyHandler = (...args: unknown[]) => unknown;

function isHandlerName(name: string): boolean {
  return /^on[A-Z]/.test(name);
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/**
 * Renders its only child with the slot's props merged in (the `asChild` pattern), as
 * @radix-ui/react-slot does, in a few lines that stay out of every page's JavaScript: the
 * child's own props win, except that event handlers run both (the child's first), classes
 * are joined, styles merged and refs both set.
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const childProps = children.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (isHandlerName(name) && typeof slotValue === "function") {
      merged[name] =
        typeof childValue === "function"
          ? (...args: unknown[]) => {
              const result = (childValue as AnyHandler)(...args);
              (slotValue as AnyHandler)(...args);
              return result;
            }
          : slotValue;
    } else if (name === "className") {
      merged.className = [slotValue, childValue].filter(Boolean).join(" ");
    } else if (name === "style") {
      merged.style = { ...(slotValue as object), ...(childValue as object | undefined) };
    }
  }
  const childRef = childProps.ref as Ref<HTMLElement> | undefined;
  if (ref && childRef) {
    merged.ref = (node: HTMLElement | null) => {
      setRef(ref, node);
      setRef(childRef, node);
    };
  } else if (ref) {
    merged.ref = ref;
  }
  return cloneElement(children, merged);
}
