import { describe, expect, it } from "vitest";
import { type Environment, parseEnvironment, parseKeyValues } from "./environment-types";

const valid: Environment = {
  appName: "Live Market",
  buildId: "b1",
  mode: "embedded",
  siteUrl: "http://localhost:3000",
  locales: ["en", "es"],
  defaultLocale: "en",
  auth: null,
  payments: { provider: "sandbox", publishableKey: null },
  maps: { publicKey: null },
  features: { mail: "outbox", storage: "fs", maps: false, payments: "sandbox", devTools: true },
};

describe("parseEnvironment", () => {
  it("accepts an environment document", () => {
    expect(parseEnvironment(valid)).toEqual(valid);
    expect(
      parseEnvironment({ ...valid, payments: { provider: "stripe", publishableKey: "pk" } }),
    ).not.toBeNull();
  });

  it("rejects anything else", () => {
    expect(parseEnvironment(null)).toBeNull();
    expect(parseEnvironment("text")).toBeNull();
    expect(parseEnvironment([])).toBeNull();
    expect(parseEnvironment({ ...valid, buildId: "" })).toBeNull();
    expect(parseEnvironment({ ...valid, mode: "cloud" })).toBeNull();
    expect(parseEnvironment({ ...valid, auth: { url: "x" } })).toBeNull();
    expect(parseEnvironment({ ...valid, locales: ["en", 1] })).toBeNull();
    expect(parseEnvironment({ ...valid, maps: { publicKey: 3 } })).toBeNull();
    expect(parseEnvironment({ ...valid, features: { ...valid.features, maps: "yes" } })).toBeNull();
    expect(
      parseEnvironment({ ...valid, payments: { provider: "paypal", publishableKey: null } }),
    ).toBeNull();
  });
});

describe("parseKeyValues", () => {
  it("accepts a plain object map only", () => {
    expect(parseKeyValues({ a: 1, b: "x" })).toEqual({ a: 1, b: "x" });
    expect(parseKeyValues([1])).toBeNull();
    expect(parseKeyValues(null)).toBeNull();
    expect(parseKeyValues("null")).toBeNull();
  });
});
