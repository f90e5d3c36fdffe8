import {
  authConfirmSignup,
  authEmailChange,
  authEmailChangeCurrent,
  authInvite,
  authMagicLink,
  authReauthentication,
  authRecovery,
} from "./auth-emails";
import { contactAcknowledgement } from "./contact-acknowledgement";
import { orderUpdate } from "./order-emails";
import { organisationContactVerify, organisationInvitation } from "./organisation-emails";

/** Every email the app sends, by name. `sendMail` takes a name and that template's data. */
export const mailTemplates = {
  contactAcknowledgement,
  authConfirmSignup,
  authMagicLink,
  authRecovery,
  authEmailChange,
  authEmailChangeCurrent,
  authInvite,
  authReauthentication,
  organisationContactVerify,
  organisationInvitation,
  orderUpdate,
};

export type MailTemplateName = keyof typeof mailTemplates;

export type MailTemplateData<N extends MailTemplateName> = (typeof mailTemplates)[N] extends {
  subject: (t: never, data: infer D) => string;
}
  ? D
  : never;
