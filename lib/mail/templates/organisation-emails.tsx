import { emailColors } from "./email-layout";
import type { MailTemplate } from "./types";

function ActionLink({ href, label }: { href: string; label: string }) {
  return (
    <p style={{ margin: "0 0 20px" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          padding: "12px 20px",
          borderRadius: 8,
          backgroundColor: emailColors.primary,
          color: emailColors.background,
          fontWeight: 600,
          textDecoration: "none",
        }}
      >
        {label}
      </a>
    </p>
  );
}

export type OrganisationContactVerifyData = {
  organisationName: string;
  email: string;
  link: string;
  hours: number;
};

/** Sent to an organisation's new contact address: it is used only once this link is followed. */
export const organisationContactVerify: MailTemplate<OrganisationContactVerifyData> = {
  subject: (t, data) =>
    t("organisationContactVerify.subject", { organisation: data.organisationName }),
  Body: ({ t, data }) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>{t("organisationContactVerify.heading")}</h1>
      <p style={{ margin: "0 0 20px" }}>
        {t("organisationContactVerify.intro", {
          organisation: data.organisationName,
          email: data.email,
        })}
      </p>
      <ActionLink href={data.link} label={t("organisationContactVerify.action")} />
      <p style={{ margin: 0, color: emailColors.muted, fontSize: 13 }}>
        {t("organisationContactVerify.expiry", { hours: data.hours })}
      </p>
    </>
  ),
};

export type OrganisationInvitationData = {
  organisationName: string;
  inviterName: string;
  roleName: string;
  link: string;
  days: number;
};

/** Sent to an invitee: who invited them, to what, with which role; the link opens it. */
export const organisationInvitation: MailTemplate<OrganisationInvitationData> = {
  subject: (t, data) =>
    t("organisationInvitation.subject", { organisation: data.organisationName }),
  Body: ({ t, data }) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>
        {t("organisationInvitation.heading", { organisation: data.organisationName })}
      </h1>
      <p style={{ margin: "0 0 20px" }}>
        {t("organisationInvitation.intro", {
          inviter: data.inviterName,
          organisation: data.organisationName,
          role: data.roleName,
        })}
      </p>
      <ActionLink href={data.link} label={t("organisationInvitation.action")} />
      <p style={{ margin: 0, color: emailColors.muted, fontSize: 13 }}>
        {t("organisationInvitation.expiry", { days: data.days })}
      </p>
    </>
  ),
};
