import { definePermissions } from "@/lib/permissions/define";

/** Opening schedules (weekly hours, breaks, exceptions) that later modules book against. */
export const schedulePermissions = definePermissions([
  { name: "settings.schedule.read", roles: ["manager", "staff", "viewer"] },
  { name: "settings.schedule.write", roles: ["manager"] },
]);
