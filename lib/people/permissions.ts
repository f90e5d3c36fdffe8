import { definePermissions } from "@/lib/permissions/define";

/** People: the organisation's members and the invitations to join it. */
export const peoplePermissions = definePermissions([
  { name: "people.employment.read", roles: ["manager", "staff", "viewer"] },
  { name: "people.employment.write", roles: [] },
  { name: "people.invitation.read", roles: ["manager"] },
  { name: "people.invitation.write", roles: [] },
]);
