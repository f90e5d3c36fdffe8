import { readFileSync } from "node:fs";
import path from "node:path";
import { getTableConfig, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  WEBAUTHN_CEREMONIES,
  webauthnChallenges,
  webauthnCredentials,
} from "@/lib/auth/webauthn-schema";

/**
 * The WebAuthn tables' migration (drizzle/0016_webauthn.sql) is written by hand (guarded
 * like the other tables of ours in the auth schema), so nothing generates it from
 * lib/auth/webauthn-schema.ts. This renders each Drizzle table as drizzle-kit writes it
 * (columns, unique and check constraints, row-level security, foreign keys, indexes) and
 * checks that the migration holds exactly those statements: a name, type, default or
 * cascade changed on one side only fails here, not first in production.
 */
const migration = readFileSync(path.join(__dirname, "../../drizzle/0016_webauthn.sql"), "utf8");
const dialect = new PgDialect();

function sqlText(value: unknown): string {
  return dialect.sqlToQuery(value as Parameters<PgDialect["sqlToQuery"]>[0]).sql;
}

/** The statements drizzle-kit would write for the table, one per entry, whitespace-trimmed. */
function rendered(table: PgTable): { create: string[]; after: string[] } {
  const config = getTableConfig(table);
  const name = `"${config.schema}"."${config.name}"`;
  const create = config.columns.map((column) => {
    const fallback =
      column.default === undefined
        ? ""
        : ` DEFAULT ${typeof column.default === "object" ? sqlText(column.default) : String(column.default)}`;
    return `"${column.name}" ${column.getSQLType()}${column.primary ? " PRIMARY KEY" : ""}${fallback}${column.notNull ? " NOT NULL" : ""}`;
  });
  for (const column of config.columns) {
    if (column.isUnique) create.push(`CONSTRAINT "${column.uniqueName}" UNIQUE("${column.name}")`);
  }
  for (const check of config.checks) {
    const condition = sqlText(check.value).replaceAll(`${name}.`, "");
    create.push(`CONSTRAINT "${check.name}" CHECK (${condition})`);
  }
  const after: string[] = [];
  if (config.enableRLS) after.push(`ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY;`);
  for (const key of config.foreignKeys) {
    const reference = key.reference();
    const target = getTableConfig(reference.foreignTable);
    const list = (columns: { name: string }[]) => columns.map((c) => `"${c.name}"`).join(", ");
    after.push(
      `ALTER TABLE ${name} ADD CONSTRAINT "${key.getName()}" FOREIGN KEY (${list(reference.columns)}) ` +
        `REFERENCES "${target.schema}"."${target.name}"(${list(reference.foreignColumns)}) ` +
        `ON DELETE ${key.onDelete} ON UPDATE ${key.onUpdate};`,
    );
  }
  for (const index of config.indexes) {
    const columns = index.config.columns.map((c) => `"${(c as { name: string }).name}"`).join(", ");
    after.push(
      `CREATE INDEX "${index.config.name}" ON ${name} USING ${index.config.method} (${columns});`,
    );
  }
  return { create, after };
}

/** The migration's statements for the table: its CREATE TABLE's items, then the rest. */
function written(table: PgTable): { create: string[]; after: string[] } {
  const config = getTableConfig(table);
  const name = `"${config.schema}"."${config.name}"`;
  const start = migration.indexOf(`CREATE TABLE ${name} (`);
  const end = migration.indexOf("\n    );", start);
  expect(start, `CREATE TABLE ${name}`).toBeGreaterThan(-1);
  const create = migration
    .slice(migration.indexOf("\n", start) + 1, end)
    .split("\n")
    .map((line) => line.trim().replace(/,$/, ""));
  const after = migration
    .split("\n")
    .map((line) => line.trim())
    .filter(
      (line) =>
        line.startsWith(`ALTER TABLE ${name} `) ||
        (line.startsWith("CREATE INDEX ") && line.includes(` ON ${name} `)),
    );
  return { create, after };
}

describe("the WebAuthn tables: Drizzle and the hand-written migration agree", () => {
  it.each([
    ["auth.webauthn_credentials", webauthnCredentials],
    ["auth.webauthn_challenges", webauthnChallenges],
  ] as const)("%s", (qualified, table) => {
    const config = getTableConfig(table);
    expect(`${config.schema}.${config.name}`).toBe(qualified);
    expect(rendered(table)).toEqual(written(table));
  });

  it("a challenge's ceremony is one of the four the code knows", () => {
    const check = getTableConfig(webauthnChallenges).checks[0];
    const listed = [...sqlText(check?.value).matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(listed).toEqual([...WEBAUTHN_CEREMONIES]);
    expect(WEBAUTHN_CEREMONIES).toEqual([
      "passkey_registration",
      "passkey_authentication",
      "mfa_registration",
      "mfa_authentication",
    ]);
  });

  it("a sign count reaches the code as a number (bigint mode number), as authenticators count", () => {
    expect(webauthnCredentials.signCount.mapFromDriverValue("42" as never)).toBe(42);
  });
});
