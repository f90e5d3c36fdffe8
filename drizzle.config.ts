import { defineConfig } from "drizzle-kit";

// Tables live in each module's lib/<module>/schema.ts. `npm run db:generate` writes
// migrations to drizzle/; custom SQL migrations (roles, auth helpers) sit among them.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/**/schema.ts",
  out: "./drizzle",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket",
  },
  schemaFilter: ["public", "app"],
  strict: true,
  verbose: true,
});
