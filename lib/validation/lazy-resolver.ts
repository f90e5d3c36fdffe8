import type { FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

/**
 * The form's shared schema, loaded when first needed:
 * `() => import("@/lib/people/people-schema").then((m) => m.inviteSchema)`. zod and the
 * schema come as their own chunk on the first validation (a submit), not in the screen's
 * first-load JavaScript; the server action checks the same schema either way, and a form
 * posted without JavaScript is checked there only.
 */
export type SchemaLoader<Input, Output> = () => Promise<$ZodType<Output, Input>>;

/**
 * A resolver that loads the schema and the resolver's code on first use, then keeps them. If
 * the chunk cannot be fetched (offline), the form is posted unchecked and the server action's
 * answer (the same schema) shows the errors; the next submit tries the chunk again.
 */
export function lazyValidationResolver<Input extends FieldValues, Output>(
  load: SchemaLoader<Input, Output>,
): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([load(), import("@/lib/validation/resolver")]).then(
      ([schema, { validationResolver }]) => validationResolver(schema),
    );
    try {
      return await (
        await loaded
      )(values, context, options);
    } catch {
      loaded = undefined;
      return { values: values as unknown as Output, errors: {} };
    }
  };
}
