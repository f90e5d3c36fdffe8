import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { ContactEmails } from "@/components/backoffice/settings/contact-emails";
import { gatePage } from "@/lib/backoffice/doors";
import { listContactEmails } from "@/lib/organisations/contact-emails";
import {
  addContactEmailAction,
  makePrimaryContactEmailAction,
  removeContactEmailAction,
  resendContactEmailAction,
} from "./actions";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { contactEmailLimits } from "@/lib/organisations/contact-email-schema";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orgSettings.contact");
  return { title: t("metaTitle") };
}

/** The organisation's contact addresses: add (a link is mailed), resend, remove, make primary. */
export default async function ContactSettingsPage({ params }: Params) {
  const { access } = await gatePage((await params).organisationId, "settings.organisation.read");
  const [t, emails] = await Promise.all([
    getTranslations("orgSettings.contact"),
    listContactEmails(access.claims, access.organisation.id),
  ]);
  return (
    <ScreenMessages scope="contact">
      <PageHeader title={t("title")} description={t("intro")} />
      <ContactEmails
        organisationId={access.organisation.id}
        canWrite={access.can("settings.contact.write")}
        limits={contactEmailLimits}
        emails={emails.map((email) => ({
          id: email.id,
          email: email.email,
          label: email.label,
          isPrimary: email.isPrimary,
          status: email.status,
        }))}
        actions={{
          add: addContactEmailAction,
          resend: resendContactEmailAction,
          remove: removeContactEmailAction,
          makePrimary: makePrimaryContactEmailAction,
        }}
      />
    </ScreenMessages>
  );
}
