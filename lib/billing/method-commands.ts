import "server-only";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { methodFormSchema } from "./card-schema";
import { detachAtProvider, removeMethodIn, setDefaultMethodIn } from "./methods";
import type { BillingOwnerRef } from "./owner";

type MethodChange = typeof setDefaultMethodIn;

/**
 * Make default / remove, for both owners: a consumer in their own RLS context, an
 * organisation through the back office's command door (billing.account.write, audited).
 * A removed card is detached at the provider after the commit.
 */
function organisationCommand(
  change: MethodChange,
  action: string,
): CommandConfig<typeof methodFormSchema, { paymentMethodId: string }> {
  return {
    permission: "billing.account.write",
    schema: methodFormSchema,
    async run({ tx, access, input, audit }) {
      const owner = { kind: "organisation" as const, organisationId: access.organisation.id };
      const row = await change(tx, owner, input.methodId);
      if (!row) throw new AppError("notFound", "methodId");
      await audit({
        action,
        resourceType: "paymentMethod",
        resourceId: row.id,
        before: { isDefault: row.isDefault },
        after: { brand: row.brand, last4: row.last4 },
      });
      return { paymentMethodId: row.paymentMethodId };
    },
  };
}

export const setDefaultMethodCommand = organisationCommand(
  setDefaultMethodIn,
  "billing.method.default",
);
export const removeMethodCommand = organisationCommand(removeMethodIn, "billing.method.remove");

/** A consumer's own card: false when it is not theirs (nothing changed). */
export async function changeOwnMethod(
  claims: UserClaims,
  kind: "default" | "remove",
  methodId: string,
): Promise<boolean> {
  const owner: BillingOwnerRef = { kind: "user", userId: claims.sub };
  const change: MethodChange = kind === "default" ? setDefaultMethodIn : removeMethodIn;
  const row = await withUserContext(claims, (tx: Tx) => change(tx, owner, methodId));
  if (!row) return false;
  if (kind === "remove") await detachAtProvider(row.paymentMethodId);
  return true;
}
