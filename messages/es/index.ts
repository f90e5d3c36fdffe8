import common from "./common.json";
import auth from "./auth.json";
import profile from "./profile.json";
import validation from "./validation.json";
import mail from "./mail.json";
import contact from "./contact.json";
import mailbox from "./mailbox.json";
import devSms from "./devSms.json";
import errors from "./errors.json";
import notFound from "./notFound.json";
import devTools from "./devTools.json";
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
import backoffice from "./backoffice.json";
import orgAdmin from "./orgAdmin.json";
import people from "./people.json";
import orgSettings from "./orgSettings.json";
import storage from "./storage.json";
import commerce from "./commerce.json";
import storefront from "./storefront.json";
import reviewsAdmin from "./reviewsAdmin.json";
import brands from "./brands.json";
import offers from "./offers.json";
import sellingTerms from "./sellingTerms.json";
import search from "./search.json";
import cart from "./cart.json";
import checkout from "./checkout.json";
import orders from "./orders.json";
import addresses from "./addresses.json";
import invoices from "./invoices.json";
import paymentsSandbox from "./paymentsSandbox.json";
import billing from "./billing.json";
import income from "./income.json";

const messages = {
  backoffice,
  orgAdmin,
  people,
  orgSettings,
  storage,
  commerce,
  storefront,
  reviewsAdmin,
  brands,
  offers,
  sellingTerms,
  search,
  cart,
  checkout,
  orders,
  addresses,
  invoices,
  paymentsSandbox,
  billing,
  income,
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
  notFound,
  devTools,
  validation,
  mail,
  contact,
  mailbox,
  devSms,
};
export default messages;
