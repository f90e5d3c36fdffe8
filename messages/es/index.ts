import common from "./common.json";
import auth from "./auth.json";
import profile from "./profile.json";
import validation from "./validation.json";
import mail from "./mail.json";
import contact from "./contact.json";
import mailbox from "./mailbox.json";
import devSms from "./devSms.json";
import errors from "./errors.json";
import ui from "./ui.json";
import hub from "./hub.json";
import quickAccess from "./quickAccess.json";
import platform from "./platform.json";
import about from "./about.json";
import docs from "./docs.json";
import linkpage from "./linkpage.json";
import partners from "./partners.json";
import privacy from "./privacy.json";
import terms from "./terms.json";

const messages = {
  auth,
  profile,
  about,
  docs,
  linkpage,
  partners,
  privacy,
  terms,
  common,
  hub,
  quickAccess,
  platform,
  ui,
  errors,
  validation,
  mail,
  contact,
  mailbox,
  devSms,
};
export default messages;
