import type { FieldValues, Resolver } from "react-hook-form";
import type { formResolvers } from "./form-schemas";

type FormResolvers = typeof formResolvers;

let loading: Promise<FormResolvers> | undefined;

/** The schemas' chunk, fetched once (form-schemas.ts); a failed fetch is tried again. */
export function loadFormResolvers(): Promise<FormResolvers> {
  loading ??= import("./form-schemas").then(
    (module) => module.formResolvers,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * A react-hook-form resolver that loads the form's schema on first use (the first submit,
 * then each re-validation), so that zod is not in any page's first load. Same answers as
 * `validationResolver(schema)`: the resolver is async either way.
 */
export function lazyResolver<K extends keyof FormResolvers>(name: K): FormResolvers[K] {
  const resolver: Resolver<FieldValues> = async (values, context, options) => {
    const resolvers = await loadFormResolvers();
    return (resolvers[name] as unknown as Resolver<FieldValues>)(values, context, options);
  };
  return resolver as unknown as FormResolvers[K];
}
