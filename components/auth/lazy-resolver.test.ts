import type { FieldValues, Resolver, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { credentialsSchema } from "@/lib/auth/client/credentials-schema";
import { validationResolver } from "@/lib/validation/resolver";
import { formResolvers } from "./form-schemas";
import { lazyResolver, loadFormResolvers } from "./lazy-resolver";

const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<FieldValues>;

const run = (resolver: unknown, values: FieldValues) =>
  (resolver as Resolver<FieldValues>)(values, undefined, options);

describe("lazyResolver", () => {
  it("answers what the schema's resolver answers, once the schemas' chunk is loaded", async () => {
    const eager = validationResolver(credentialsSchema);
    for (const values of [
      { identifier: "", password: "" },
      { identifier: "not-an-email@", password: "secret-password" },
      { identifier: "Someone@Example.com", password: "secret-password" },
      { identifier: "+34 600 000 000", password: "secret-password" },
    ]) {
      expect(await run(lazyResolver("credentials"), values)).toEqual(await run(eager, values));
    }
    expect(await run(lazyResolver("credentials"), { identifier: "A@B.co", password: "x" })).toEqual(
      { values: { email: "a@b.co", password: "x" }, errors: {} },
    );
  });

  it("loads the schemas once", async () => {
    const first = loadFormResolvers();
    expect(loadFormResolvers()).toBe(first);
    expect(await first).toBe(formResolvers);
  });
});
