import postgres from "postgres";

/**
 * Drops and recreates the database named in `url` by connecting to the server's `postgres`
 * database (scripts/db-reset.ts, the integration test setup). Never used by the app.
 */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!name || name === "postgres") {
    throw new Error(`Refusing to recreate the database "${name || "(none)"}".`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    await client.unsafe(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
    await client.unsafe(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end({ timeout: 5 });
  }
}
