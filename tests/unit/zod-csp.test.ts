import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser must never evaluate code under the CSP: disableZodEval() runs before zod is
 * loaded, and zod must then build and run object parsers without `new Function`. Each case
 * runs in a fresh Node process (zod reads its global configuration when it is first loaded),
 * counting the calls of the Function constructor.
 */
const root = path.resolve(__dirname, "../..");

function functionCalls(disable: boolean): number {
  const script = `
    ${disable ? 'const { disableZodEval } = await import("./lib/validation/zod-csp.ts"); disableZodEval();' : ""}
    const { z } = await import("zod");
    let calls = 0;
    const Original = globalThis.Function;
    globalThis.Function = new Proxy(Original, {
      construct(target, args) { calls += 1; return Reflect.construct(target, args); },
      apply(target, self, args) { calls += 1; return Reflect.apply(target, self, args); },
    });
    const schema = z.object({ name: z.string(), age: z.number() });
    schema.parse({ name: "Ada", age: 36 });
    schema.parse({ name: "Alan", age: 41 });
    globalThis.Function = Original;
    console.log(calls);
  `;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { cwd: root, encoding: "utf8" },
  );
  return Number(out.trim().split("\n").pop());
}

describe("zod under the Content-Security-Policy", () => {
  it("compiles with the Function constructor by default (the probe the policy reports)", () => {
    expect(functionCalls(false)).toBeGreaterThan(0);
  });

  it("never calls it once disableZodEval() ran first", () => {
    expect(functionCalls(true)).toBe(0);
  });
});
