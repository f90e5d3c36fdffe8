import "server-only";
import { authConfig } from "@/lib/auth/service/config";

/** GET /settings: what sign-in UIs may offer (only what this server really does). */
export function serverSettings() {
  const config = authConfig();
  return {
    external: {
      anonymous_users: config.anonymousUsers,
      email: true,
      phone: true,
      google: config.googleClientIds.length > 0,
      web3_solana: config.web3Solana,
    },
    disable_signup: config.disableSignup,
    mailer_autoconfirm: config.mailerAutoconfirm,
    phone_autoconfirm: config.smsAutoconfirm,
    sms_provider: config.smsProvider === "twilio" ? "twilio" : "",
    saml_enabled: false,
    mfa_enabled: false,
  };
}

/** GET /health, in GoTrue's shape. */
export function serverHealth() {
  return {
    version: "live-market",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  };
}
