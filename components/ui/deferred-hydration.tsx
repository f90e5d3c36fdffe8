"use client";

import { lazy, Suspense, useCallback, useEffect, useRef, type ComponentType } from "react";

/** When a deferred component's code is fetched: once the browser is idle, or at once. */
export type DeferredStart = "idle" | "now";

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Wraps a client component so that its code stays out of the page's first-load JavaScript
 * while the server still renders it in full: the HTML is complete (links work and forms post
 * without JavaScript) and the browser keeps it, inert, until the code arrives, then hydrates
 * it in place without replacing a node (React's hydration of a suspended boundary).
 *
 * The code is fetched when the browser is next idle (`"idle"`) or as soon as the page
 * hydrates (`"now"`), and in any case as soon as the pointer, a touch or the focus reaches
 * the component. A click on a button of type "button" inside it before then is clicked again once
 * it is hydrated (an attempt not yet confirmed by a test; submit buttons are left alone).
 *
 * `load` must import the module with a dynamic `import()`, so that the bundler splits it.
 * Rendered inside a `display: contents` element, so the wrapper does not affect layout.
 *
 * Limitation: React streams the server HTML of the suspended boundary after the page's
 * shell and reveals it with a small inline script, so without JavaScript the content stays
 * hidden. Use it only for parts that need JavaScript anyway (not for forms that must post
 * without it: the contact form is rendered as usual).
 */
export function deferHydration<P extends object>(
  load: () => Promise<ComponentType<P>>,
  start: DeferredStart = "idle",
): ComponentType<P> {
  let begin: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  // Its effect runs once the component's tree is hydrated (effects run children first).
  const hydrated = (Component: ComponentType<P>) =>
    function Hydrated({ props, onHydrated }: { props: P; onHydrated: () => void }) {
      useEffect(onHydrated, [onHydrated]);
      return <Component {...props} />;
    };
  const Lazy = lazy(async () => {
    // The server renders at once; the browser waits for the start signal.
    if (typeof window !== "undefined") await started;
    return { default: hydrated(await load()) };
  });

  function Deferred(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const hydrated = useRef(false);
    const pendingClick = useRef<HTMLElement | null>(null);

    useEffect(() => {
      const element = box.current;
      if (!element) return;
      const activate = () => begin();
      const triggers = ["pointerover", "touchstart", "focusin"] as const;
      const onClick = (event: MouseEvent) => {
        if (hydrated.current) return;
        const target = event.target instanceof Element ? event.target.closest("button") : null;
        if (target?.type === "button" && element.contains(target)) pendingClick.current = target;
        begin();
      };
      for (const name of triggers) element.addEventListener(name, activate, { passive: true });
      element.addEventListener("click", onClick, true);
      if (start === "now") begin();
      const cancelIdle = start === "idle" ? whenIdle(activate) : () => undefined;
      return () => {
        cancelIdle();
        for (const name of triggers) element.removeEventListener(name, activate);
        element.removeEventListener("click", onClick, true);
      };
    }, []);

    const onHydrated = useCallback(() => {
      hydrated.current = true;
      const target = pendingClick.current;
      pendingClick.current = null;
      if (target?.isConnected) target.click();
    }, []);

    return (
      <div ref={box} className="contents">
        <Suspense fallback={null}>
          <Lazy props={props} onHydrated={onHydrated} />
        </Suspense>
      </div>
    );
  }
  Deferred.displayName = "Deferred";
  return Deferred;
}
