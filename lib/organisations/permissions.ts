import { definePermissions } from "@/lib/permissions/define";

/** Organisation settings: profile, FAQ, contact emails, roles, modules and the audit trail. */
export const organisationPermissions = definePermissions([
  { name: "settings.organisation.read", roles: ["manager", "staff", "viewer"] },
  { name: "settings.organisation.write", roles: [] },
  { name: "settings.faq.write", roles: ["manager"] },
  { name: "settings.contact.write", roles: [] },
  { name: "settings.role.read", roles: ["manager"] },
  { name: "settings.role.write", roles: [] },
  { name: "settings.module.read", roles: ["manager"] },
  { name: "settings.module.write", roles: [] },
  { name: "settings.audit.read", roles: ["manager"] },
]);
