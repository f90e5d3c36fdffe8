import { REDIRECT_PARAM, safeRedirectTarget } from "@/lib/auth/guard/redirect-target";

/**
 * Google Identity Services (GIS, `accounts.google.com/gsi/client`), loaded on demand. The
 * script may be unreachable (offline, blocked, no internet on the machine): loading then
 * fails with GOOGLE_API_UNAVAILABLE, which only a Google control the visitor clicked shows.
 * A failed load is forgotten, so the next click tries again.
 */
export const GOOGLE_API_UNAVAILABLE = "Google Api is not available";
export const GIS_SCRIPT_URL = "https://accounts.google.com/gsi/client";
const LOAD_TIMEOUT_MS = 8000;

export type GoogleCredentialResponse = { credential?: string };

export type GoogleIdConfiguration = {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  nonce?: string;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  use_fedcm_for_prompt?: boolean;
  itp_support?: boolean;
  context?: "signin" | "signup" | "use";
};

export type GoogleAccountsId = {
  initialize: (config: GoogleIdConfiguration) => void;
  prompt: () => void;
  cancel: () => void;
};

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } };

export class GoogleApiUnavailableError extends Error {
  constructor() {
    super(GOOGLE_API_UNAVAILABLE);
    this.name = "GoogleApiUnavailableError";
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

function accountsId(): GoogleAccountsId | undefined {
  return (window as GoogleWindow).google?.accounts?.id;
}

/** The GIS `google.accounts.id` API, loading the script once; GoogleApiUnavailableError if it cannot. */
export function loadGoogleIdentity(
  src: string = GIS_SCRIPT_URL,
  timeoutMs: number = LOAD_TIMEOUT_MS,
): Promise<GoogleAccountsId> {
  const ready = accountsId();
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  loading = new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement("script");
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new GoogleApiUnavailableError());
    };
    const timer = setTimeout(fail, timeoutMs);
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onerror = fail;
    script.onload = () => {
      const api = accountsId();
      if (!api) {
        fail();
        return;
      }
      clearTimeout(timer);
      resolve(api);
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * A nonce pair for signInWithIdToken: Google puts `hashed` (SHA-256, hex) in the id token,
 * the service is given `raw` and compares its hash (as Supabase documents for GIS).
 */
export async function createNonce(): Promise<{ raw: string; hashed: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const raw = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw));
  const hashed = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
  return { raw, hashed };
}

/** Where to go after a Google sign-in: the page's sanitised `redirect` query, else null (reload). */
export function landingAfterGoogle(search: string): string | null {
  return safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM));
}
