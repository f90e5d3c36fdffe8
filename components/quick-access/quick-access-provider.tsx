"use client";

import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

/** Starts loading the panel's code and texts (the launcher calls it on hover and focus). */
export function preloadQuickAccessPanel() {
  void import("./quick-access-messages").then((module) =>
    module.loadQuickAccessMessages(document.documentElement.lang),
  );
  return import("./quick-access-dialog");
}

// The panel (dialog, category browser, icons) is not needed for the first paint: its code
// loads when it is first opened, or earlier when the pointer or focus reaches a launcher.
// React.lazy rather than next/dynamic: it is only rendered after a click (never on the
// server), and next/dynamic would add its own runtime to every page.
const QuickAccessDialog = lazy(() =>
  preloadQuickAccessPanel().then((module) => ({ default: module.QuickAccessDialog })),
);

export type QuickAccessControls = {
  /** Opens the panel, optionally with the search box filled in. */
  open: (query?: string) => void;
  close: () => void;
  isOpen: boolean;
};

const QuickAccessContext = createContext<QuickAccessControls | null>(null);

/**
 * Owns the Quick Access Panel (one dialog for the page) and lets any client component open
 * it. Mounting a provider inside another is harmless: the inner one reuses the outer panel.
 */
export function QuickAccessProvider({ children }: { children: ReactNode }) {
  const parent = useContext(QuickAccessContext);
  if (parent) return children;
  return <QuickAccessRoot>{children}</QuickAccessRoot>;
}

function QuickAccessRoot({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState("");
  // Mounted from the first opening on, so that closing keeps Radix's exit and focus return.
  const [used, setUsed] = useState(false);

  // The panel has no Radix trigger, so it gives focus back itself to what opened it.
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback((initialQuery?: string) => {
    const active = document.activeElement;
    returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setQuery(initialQuery ?? "");
    setUsed(true);
    setIsOpen(true);
  }, []);
  const restoreFocus = useCallback(() => {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (!target?.isConnected) return false;
    target.focus();
    return true;
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  const controls = useMemo(() => ({ open, close, isOpen }), [open, close, isOpen]);

  return (
    <QuickAccessContext.Provider value={controls}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <QuickAccessDialog
            open={isOpen}
            onOpenChange={setIsOpen}
            initialQuery={query}
            restoreFocus={restoreFocus}
          />
        </Suspense>
      ) : null}
    </QuickAccessContext.Provider>
  );
}

export function useQuickAccess(): QuickAccessControls {
  const controls = useContext(QuickAccessContext);
  if (!controls) throw new Error("useQuickAccess must be used inside <QuickAccessProvider>.");
  return controls;
}
