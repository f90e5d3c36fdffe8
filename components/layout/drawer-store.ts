/**
 * The navigation drawer's open state (spec §3: a boolean persisted locally). localStorage is
 * the source of truth; an attribute on <html> mirrors it so that CSS shows the desktop drawer
 * before React hydrates (see drawerInitScript), without a layout shift.
 */
export const drawerStorageKey = "lm-drawer";
export const drawerHtmlAttribute = "data-drawer";

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): boolean {
  try {
    return window.localStorage.getItem(drawerStorageKey) === "open";
  } catch {
    return false;
  }
}

export function getDrawerOpen(): boolean {
  return read();
}

export function getServerDrawerOpen(): boolean {
  return false;
}

export function setDrawerOpen(open: boolean): void {
  try {
    window.localStorage.setItem(drawerStorageKey, open ? "open" : "closed");
  } catch {
    // Storage can be unavailable (private mode, quota); the attribute still follows.
  }
  document.documentElement.setAttribute(drawerHtmlAttribute, open ? "open" : "closed");
  for (const listener of listeners) listener();
}

export function subscribeDrawer(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === drawerStorageKey) {
      document.documentElement.setAttribute(drawerHtmlAttribute, read() ? "open" : "closed");
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Set on <html> by the shell's first inline script: JavaScript runs (`.js-only`, app/globals.css). */
export const scriptingHtmlAttribute = "data-js";

/**
 * Runs before first paint (inline in the layout): marks <html> as scripted (so parts that work
 * only with JavaScript show) and mirrors the drawer's stored state on it.
 */
export const drawerInitScript = `document.documentElement.setAttribute(${JSON.stringify(
  scriptingHtmlAttribute,
)},"");try{document.documentElement.setAttribute(${JSON.stringify(
  drawerHtmlAttribute,
)},localStorage.getItem(${JSON.stringify(drawerStorageKey)})==="open"?"open":"closed")}catch(e){}`;
