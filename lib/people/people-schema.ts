import { z } from "zod";
import { textRule } from "@/lib/validation/text";
import { versionSchema } from "@/lib/validation/version";

/**
 * The people forms' schemas, shared by the browser (react-hook-form) and the server
 * actions. Ids are uuids; a version is the one the form read (optimistic concurrency).
 */
const id = z.string().trim().min(1).uuid();
const version = versionSchema;

export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().check(textRule()).min(1).max(254).pipe(z.email()),
  roleId: id,
});
export type InviteInput = z.input<typeof inviteSchema>;

export const changeRoleSchema = z.object({ employmentId: id, version, roleId: id });
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;

/** Suspend, reactivate and end: the employment and the version the screen showed. */
export const employmentStatusSchema = z.object({ employmentId: id, version });
export type EmploymentStatusInput = z.input<typeof employmentStatusSchema>;

export const invitationIdSchema = z.object({ invitationId: id });
export type InvitationIdInput = z.input<typeof invitationIdSchema>;
