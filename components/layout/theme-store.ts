/**
 * The colour theme (spec §1): dark by default, the choice of light remembered in localStorage
 * (`lm-theme`, the key next-themes used, so existing choices carry over). The class on <html>
 * is the source of truth on the page: `themeInitScript` sets it before the first paint (no
 * flash), `setTheme` changes it. A few lines instead of next-themes (1.5 kB gzipped on every
 * page): the site needs no system theme, no other attribute and no provider.
 */
export const themeStorageKey = "lm-theme";

export type Theme = "dark" | "light";

/**
 * Inline script for <body>: applies the stored choice before anything is painted, and keeps
 * it applied: when React renders <html> on the client instead of hydrating it (a root error
 * recovery, say), it resets the element's attributes to the server's `class="dark"`; the
 * observer puts the stored theme back before the next paint.
 */
export const themeInitScript = `try{var k=${JSON.stringify(themeStorageKey)},d=document.documentElement,f=function(){var t=localStorage.getItem(k)==="light"?"light":"dark",o=t==="light"?"dark":"light";if(!d.classList.contains(t)||d.classList.contains(o)){d.classList.remove(o);d.classList.add(t);d.style.colorScheme=t}};f();new MutationObserver(f).observe(d,{attributes:true,attributeFilter:["class"]})}catch(e){}`;

const listeners = new Set<() => void>();

function apply(theme: Theme): void {
  const root = document.documentElement;
  // No colour transitions while the whole page changes theme.
  const style = document.createElement("style");
  style.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(style);
  root.classList.remove(theme === "light" ? "dark" : "light");
  root.classList.add(theme);
  root.style.colorScheme = theme;
  void window.getComputedStyle(document.body).opacity;
  window.setTimeout(() => style.remove(), 1);
  for (const listener of listeners) listener();
}

export function getTheme(): Theme {
  return document.documentElement.classList.contains("light") ? "light" : "dark";
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Storage unavailable (private mode): the theme still changes for this page.
  }
  apply(theme);
}

/** Follows changes of this page and of other tabs (the `storage` event). */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey || event.key === null) {
      apply(event.newValue === "light" ? "light" : "dark");
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Applies the stored choice if the page shows the other theme (see StoredThemeRestore). */
export function restoreStoredTheme(): void {
  let stored: Theme = "dark";
  try {
    stored = window.localStorage.getItem(themeStorageKey) === "light" ? "light" : "dark";
  } catch {
    return;
  }
  if (getTheme() !== stored) apply(stored);
}
