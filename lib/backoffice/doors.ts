import "server-only";
import { randomUUID } from "node:crypto";
import { notFound } from "next/navigation";
import type { $ZodType, output } from "zod/v4/core";
import { recordAudit, type AuditInput } from "@/lib/audit/record";
import { enqueueMail, type SendMailInput } from "@/lib/mail/send";
import type { MailTemplateName } from "@/lib/mail/templates/registry";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError, isAppError } from "@/lib/errors/app-error";
import type { ModuleName } from "@/lib/modules/catalogue";
import {
  getOrganisationAccess,
  resolveAccessInTx,
  type OrganisationAccess,
} from "@/lib/organisations/access";
import type { Permission } from "@/lib/permissions/catalogue";
import { formArgument } from "@/lib/validation/form-argument";
import { parseWithValidation } from "@/lib/validation/parse";
import type { ActionState } from "./action-state";
import { getOrganisationFrame, type OrganisationFrame } from "./frame";

/**
 * The three doors of the back office (conventions §3). Each resolves the caller's access to
 * the organisation named by the request once, asks for a permission by name, and answers
 * 404 to a non-member or a member without it: nothing hints that the organisation exists.
 */

// ── Pages ────────────────────────────────────────────────────────────────────────────────

export type PageGate =
  | { moduleOff: false; access: OrganisationAccess }
  | { moduleOff: true; access: OrganisationAccess; module: ModuleName };

/**
 * For a page (server component): the access, or notFound(). With `module`, a module that is
 * off gives `moduleOff: true` to those who may switch it on (the page renders the "enable
 * this module" screen) and 404 to everyone else.
 */
export async function gatePage(
  organisationId: string,
  permission: Permission,
  module?: ModuleName,
): Promise<PageGate> {
  const access = (await getOrganisationFrame(organisationId))?.access;
  if (!access || !access.can(permission)) notFound();
  if (module && !access.hasModule(module)) {
    if (!access.can("settings.module.write")) notFound();
    return { moduleOff: true, access, module };
  }
  return { moduleOff: false, access };
}

/**
 * For a page that needs only membership (the dashboard, the frame): the frame's reads
 * (lib/backoffice/frame.ts), shared with the page's own door in the same request.
 */
export async function gateMember(organisationId: string): Promise<OrganisationFrame> {
  const frame = await getOrganisationFrame(organisationId);
  if (!frame) notFound();
  return frame;
}

// ── Commands (what actions and route handlers run) ───────────────────────────────────────

export type AuditEntry = Omit<AuditInput, "organisationId" | "actorUserId">;

export interface CommandContext<Input> {
  access: OrganisationAccess;
  input: Input;
  tx: Tx;
  /** Records an audit entry in this transaction, as the caller, in this organisation. */
  audit(entry: AuditEntry): Promise<void>;
  /** Queues an email with this transaction: written to the outbox in it, or sent after commit. */
  mail<N extends MailTemplateName>(input: SendMailInput<N>): Promise<void>;
}

export interface CommandConfig<S extends $ZodType, R> {
  permission: Permission;
  module?: ModuleName;
  schema: S;
  run(ctx: CommandContext<output<S>>): Promise<R>;
}

/**
 * Runs a back-office command for verified claims: parse (the form's own schema) → one
 * user transaction (RLS applies) → access → permission → module → run. A throw anywhere
 * rolls everything back, audit entries included. Tests call this directly with claims.
 */
export async function runCommand<S extends $ZodType, R>(
  claims: UserClaims | null,
  organisationId: unknown,
  rawInput: unknown,
  config: CommandConfig<S, R>,
): Promise<ActionState<R>> {
  if (!claims || typeof organisationId !== "string") return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(config.schema, rawInput);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const afterCommit: (() => Promise<void>)[] = [];
  try {
    const data = await withUserContext(claims, async (tx) => {
      const access = await resolveAccessInTx(tx, claims, organisationId);
      if (!access || !access.can(config.permission)) throw new AppError("notFound");
      if (config.module && !access.hasModule(config.module)) throw new AppError("moduleOff");
      return config.run({
        access,
        input: parsed.data,
        tx,
        audit: (entry) =>
          recordAudit(tx, {
            ...entry,
            organisationId: access.organisation.id,
            actorUserId: access.userId,
          }),
        mail: async (input) => {
          const pending = await enqueueMail(tx, input);
          afterCommit.push(() => pending.deliver());
        },
      });
    });
    await runAfterCommit(afterCommit);
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "backoffice: command");
  }
}

/**
 * An action's answer to a throw: an AppError becomes its code (on its field), anything else
 * is logged with a new request id and answered as a generic failure.
 */
export function failureState(error: unknown, label: string): ActionState<never> {
  if (isAppError(error)) {
    return error.field
      ? { status: "error", code: error.code, field: error.field }
      : { status: "error", code: error.code };
  }
  const requestId = randomUUID();
  console.error(`${label} failed (request ${requestId})`, error);
  return { status: "failed", requestId };
}

/** Work that must wait for the commit (SMTP delivery): failures are logged, not undone. */
async function runAfterCommit(tasks: readonly (() => Promise<void>)[]): Promise<void> {
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      console.error("backoffice: after-commit task failed", error);
    }
  }
}

/**
 * A command that also answers the organisation id its access check resolved, for an action
 * that builds a redirect from it (never from the form's unchecked field).
 */
export function withOrganisationId<S extends $ZodType, R extends object>(
  config: CommandConfig<S, R>,
): CommandConfig<S, R & { organisationId: string }> {
  return {
    ...config,
    run: async (ctx) => ({
      ...(await config.run(ctx)),
      organisationId: ctx.access.organisation.id,
    }),
  };
}

/**
 * Reads a form into a plain object: repeated names become arrays, files are kept. Anything
 * but a FormData (a hand-made request's argument) reads as an empty form (formArgument).
 */
export function formToObject(formData: unknown): Record<string, unknown> {
  const form = formArgument(formData);
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$ACTION")) continue;
    const values = form.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

/**
 * A server action for a back-office form (useActionState signature). The organisation comes
 * from the form's `organisationId` field: unverified until the access check. The form is
 * whatever the request sent (formArgument): anything but a FormData is an empty form.
 */
export function organisationAction<S extends $ZodType, R>(
  config: CommandConfig<S, R> & { read?: (formData: FormData) => unknown },
): (previous: ActionState<R>, formData: unknown) => Promise<ActionState<R>> {
  return async (_previous, formData) => {
    const form = formArgument(formData);
    const claims = await getCurrentClaims();
    const input = config.read ? config.read(form) : formToObject(form);
    return runCommand(claims, form.get("organisationId"), input, config);
  };
}

// ── Route handlers ───────────────────────────────────────────────────────────────────────

export const notFoundResponse = () =>
  Response.json({ error: "not_found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * A route handler under an organisation: the access (with the permission, and the module if
 * given) or a 404 answer before the handler runs.
 */
export function organisationRoute<P extends { organisationId: string }>(
  config: { permission: Permission; module?: ModuleName },
  handler: (request: Request, access: OrganisationAccess, params: P) => Promise<Response>,
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    const params = await context.params;
    const access = await getOrganisationAccess(params.organisationId);
    if (!access || !access.can(config.permission)) return notFoundResponse();
    if (config.module && !access.hasModule(config.module)) return notFoundResponse();
    return handler(request, access, params);
  };
}
