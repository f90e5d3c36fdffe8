import { emailColors } from "./email-layout";
import type { MailTemplate } from "./types";

export type ContactAcknowledgementData = {
  name: string;
  subject: string;
  message: string;
};

/** Sent to whoever used the contact form: thanks, and a copy of what they wrote. */
export const contactAcknowledgement: MailTemplate<ContactAcknowledgementData> = {
  subject: (t, data) => t("contactAcknowledgement.subject", { subject: data.subject }),
  Body: ({ t, data }) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>{t("contactAcknowledgement.heading")}</h1>
      <p style={{ margin: "0 0 12px" }}>
        {t("contactAcknowledgement.greeting", { name: data.name })}
      </p>
      <p style={{ margin: "0 0 20px" }}>{t("contactAcknowledgement.intro")}</p>
      <p style={{ margin: "0 0 4px", color: emailColors.muted, fontSize: 13 }}>
        {t("contactAcknowledgement.subjectLabel")}
      </p>
      <p style={{ margin: "0 0 16px" }}>{data.subject}</p>
      <p style={{ margin: "0 0 4px", color: emailColors.muted, fontSize: 13 }}>
        {t("contactAcknowledgement.messageLabel")}
      </p>
      <div style={{ margin: "0 0 20px", whiteSpace: "pre-wrap" }}>{data.message}</div>
      <p style={{ margin: "0 0 16px" }}>{t("contactAcknowledgement.closing")}</p>
      <p style={{ margin: 0, color: emailColors.muted, fontSize: 13 }}>
        {t("contactAcknowledgement.notYou")}
      </p>
    </>
  ),
};
