import { definePermissions } from "@/lib/permissions/define";

/** Storage: the organisation's files and folders. */
export const filesPermissions = definePermissions([
  { name: "storage.file.read", roles: ["manager", "staff", "viewer"] },
  { name: "storage.file.write", roles: ["manager", "staff"] },
  { name: "storage.file.delete", roles: ["manager"] },
]);
