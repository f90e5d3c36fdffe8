import { emailColors } from "./email-layout";
import type { MailTemplate, MailTranslator } from "./types";

/** What every auth email carries: a one-time link, the same proof as a 6-digit code. */
export type AuthEmailData = {
  /** The one-time link (GET /auth/v1/verify…); absent for reauthentication (code only). */
  link?: string;
  code: string;
  /** Minutes the link and code stay valid. */
  minutes: number;
  /** The address being confirmed (email change: the new one). */
  email: string;
  /** Secure email change, the mail to the current address: the address asked for. */
  newEmail?: string;
};

type AuthEmailKey =
  | "confirmSignup"
  | "magicLink"
  | "recovery"
  | "emailChange"
  | "emailChangeCurrent"
  | "invite"
  | "reauthentication";

function Body({ t, data, k }: { t: MailTranslator; data: AuthEmailData; k: AuthEmailKey }) {
  return (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>{t(`${k}.heading`)}</h1>
      <p style={{ margin: "0 0 20px" }}>
        {t(`${k}.intro`, { email: data.email, newEmail: data.newEmail ?? data.email })}
      </p>
      {data.link ? (
        <p style={{ margin: "0 0 20px" }}>
          <a
            href={data.link}
            style={{
              display: "inline-block",
              padding: "12px 20px",
              borderRadius: 8,
              backgroundColor: emailColors.primary,
              color: emailColors.background,
              fontWeight: 700,
              textDecoration: "none",
            }}
          >
            {t(`${k}.action`)}
          </a>
        </p>
      ) : null}
      <p style={{ margin: "0 0 4px", color: emailColors.muted, fontSize: 13 }}>
        {t("authCommon.codeLabel")}
      </p>
      <p style={{ margin: "0 0 20px", fontSize: 28, fontWeight: 700, letterSpacing: 6 }}>
        {data.code}
      </p>
      <p style={{ margin: "0 0 12px" }}>{t("authCommon.expiry", { minutes: data.minutes })}</p>
      <p style={{ margin: 0, color: emailColors.muted, fontSize: 13 }}>{t("authCommon.notYou")}</p>
    </>
  );
}

function authEmail(k: AuthEmailKey): MailTemplate<AuthEmailData> {
  return {
    subject: (t) => t(`${k}.subject`),
    Body: ({ t, data }) => <Body t={t} data={data} k={k} />,
  };
}

/** Sign-up confirmation (POST /signup, /resend type signup). */
export const authConfirmSignup = authEmail("confirmSignup");
/** Magic link and email OTP (POST /otp). */
export const authMagicLink = authEmail("magicLink");
/** Password recovery (POST /recover). */
export const authRecovery = authEmail("recovery");
/** Confirmation of a new address (PUT /user email, /resend type email_change). */
export const authEmailChange = authEmail("emailChange");
/** Secure email change: the current address agrees to the change (PUT /user email). */
export const authEmailChangeCurrent = authEmail("emailChangeCurrent");
/** An invitation created by an administrator (POST /invite). */
export const authInvite = authEmail("invite");
/** The code that confirms a sensitive change (GET /reauthenticate). */
export const authReauthentication = authEmail("reauthentication");
