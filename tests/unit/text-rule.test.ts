import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as mini from "zod/mini";
import { safeParse, type $ZodType } from "zod/v4/core";
import { validationErrorMap } from "@/lib/validation/error-map";
import { encodeValidationMessage } from "@/lib/validation/messages";
import { parseWithValidation } from "@/lib/validation/parse";
import { textRule } from "@/lib/validation/text";

/**
 * Issue 2.7: a control character in a text field is a field error ("Invalid format"), never a
 * database failure. The walk below imports every module under lib/ and components/ that uses
 * zod, finds every exported schema and every string field inside it (through objects, arrays,
 * optional/default wrappers, pipes, unions), and checks that the field refuses "\u0000" with
 * the "format" message. A new schema whose text field lacks textRule() fails here.
 */
const root = path.resolve(__dirname, "../..");
const FORMAT = encodeValidationMessage("format");

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  items?: $ZodType[];
  valueType?: $ZodType;
  getter?: () => $ZodType;
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

function isSchema(value: unknown): value is $ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Each string field of `schema`: the input that puts "\u0000" there, and its issue path. */
function stringFields(
  schema: $ZodType,
  place: (value: unknown) => unknown = (value) => value,
  at: PropertyKey[] = [],
  seen = new Set<$ZodType>(),
): { path: PropertyKey[]; input: unknown }[] {
  if (seen.has(schema)) return [];
  const def = defOf(schema);
  const next = new Set(seen).add(schema);
  const recurse = (
    inner: $ZodType | undefined,
    wrap: (value: unknown) => unknown = (value) => value,
    key?: PropertyKey,
  ) =>
    inner
      ? stringFields(
          inner,
          (value) => place(wrap(value)),
          key === undefined ? at : [...at, key],
          next,
        )
      : [];
  switch (def.type) {
    case "string":
      return [{ path: at, input: place("\u0000") }];
    case "object":
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        recurse(field, (value) => ({ [key]: value }), key),
      );
    case "array":
      return recurse(def.element, (value) => [value], 0);
    case "tuple":
      return (def.items ?? []).flatMap((item, index) =>
        recurse(
          item,
          (value) =>
            Object.assign(new Array((def.items ?? []).length).fill(undefined), { [index]: value }),
          index,
        ),
      );
    case "record":
      return recurse(def.valueType, (value) => ({ k: value }), "k");
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return recurse(def.innerType);
    case "pipe":
      // A preprocess is a pipe from a transform: the schema after it sees the input.
      return defOf(def.in!).type === "transform" ? recurse(def.out) : recurse(def.in);
    case "union":
      return (def.options ?? []).flatMap((option) => recurse(option));
    case "intersection":
      return [...recurse(def.left), ...recurse(def.right)];
    case "lazy":
      return recurse(def.getter?.());
    default:
      return [];
  }
}

/** Source files under lib/ and components/ that use zod (tests aside). */
function zodModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (/from "zod(?:\/[\w/]+)?"/.test(readFileSync(full, "utf8"))) found.push(full);
      }
    }
  };
  walk(path.join(root, "lib"));
  walk(path.join(root, "components"));
  // The auth service's wire schemas follow GoTrue's contract (400 bad_json / validation_failed
  // on the API), not the forms' field errors.
  return found
    .filter((file) => !file.includes(`${path.sep}lib${path.sep}auth${path.sep}service${path.sep}`))
    .sort();
}

describe("the text rule", () => {
  it("refuses control characters with 'Invalid format'; line breaks only where multi-line", () => {
    const single = z.string().trim().check(textRule()).max(100);
    const multi = mini.string().check(mini.trim(), textRule({ multiline: true }));
    for (const bad of ["\u0000", "a\u0000b", "a\u001bb", "a\u007fb", "a\u0085b", "a\u0008"]) {
      expect(parseWithValidation(single, bad)).toEqual({
        success: false,
        fieldErrors: { _form: [FORMAT] },
      });
      expect(parseWithValidation(multi, bad)).toEqual({
        success: false,
        fieldErrors: { _form: [FORMAT] },
      });
    }
    expect(parseWithValidation(single, "one\ntwo").success).toBe(false);
    expect(parseWithValidation(single, "  padded\n")).toEqual({ success: true, data: "padded" });
    expect(parseWithValidation(multi, "one\r\ntwo\tthree")).toEqual({
      success: true,
      data: "one\r\ntwo\tthree",
    });
    expect(parseWithValidation(single, "Ünïcödé — ok 🙂").success).toBe(true);
  });

  it("is on every string field of every exported schema in lib/ and components/", async () => {
    const modules = zodModules();
    expect(modules.length).toBeGreaterThan(10);
    const missing: string[] = [];
    let checked = 0;
    for (const file of modules) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (!isSchema(value)) continue;
        for (const field of stringFields(value)) {
          checked += 1;
          const result = safeParse(value, field.input, { error: validationErrorMap });
          const refused =
            !result.success &&
            result.error.issues.some(
              (issue) =>
                issue.message === FORMAT &&
                JSON.stringify(issue.path) === JSON.stringify(field.path),
            );
          if (!refused) {
            missing.push(
              `${path.relative(root, file)}: ${name}.${field.path.join(".") || "(value)"}`,
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  }, 60_000); // imports a few dozen modules
});
