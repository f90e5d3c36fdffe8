import "server-only";
import type { AuditActor } from "@/lib/auth/service/audit";
import type { RequestInfo } from "@/lib/auth/service/http";
import { auditName } from "@/lib/auth/service/sessions";
import type { UserRow } from "@/lib/auth/service/users";

/** The user acting in an audit entry: id, GoTrue's actor name (email or phone), address. */
export const auditActor = (user: UserRow, info: RequestInfo): AuditActor => ({
  id: user.id,
  username: auditName(user),
  ip: info.ip,
});
