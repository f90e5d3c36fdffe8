/**
 * npm run moderator -- add <email> | remove <email> | list
 *
 * Platform moderators (lib/moderation): the accounts that decide on reported reviews. Adding
 * or removing one takes effect on that account's next request; no new sign-in is needed.
 * Reads the database settings as the other db scripts do (DATABASE_URL, or the embedded
 * database under DATA_DIR: stop the embedded server first, PGlite is one process's).
 */
import { connectDatabase } from "@/lib/db/connect";
import { runAsSystem } from "@/lib/db/run-context";
import { addModerator, listModerators, removeModerator } from "@/lib/moderation/moderators";
import { describe, scriptDatabase } from "./db-settings";

const usage = "usage: npm run moderator -- add <email> | remove <email> | list";
const [command, email] = process.argv.slice(2);
if (!(command === "list" || ((command === "add" || command === "remove") && email?.trim()))) {
  console.error(usage);
  process.exit(2);
}

const database = scriptDatabase();
console.info(`moderator → ${describe(database)}`);
const { db, close } = database.url
  ? connectDatabase({ url: database.url, poolMax: 1 })
  : connectDatabase({ dataDir: database.dataDir });
try {
  await runAsSystem(db, `moderation: ${command} (command line)`, async (tx) => {
    if (command === "list") {
      const rows = await listModerators(tx);
      if (rows.length === 0) console.info("No moderators.");
      for (const row of rows) {
        console.info(
          `${row.email ?? row.userId}\t${row.displayName ?? ""}\tsince ${row.addedAt.toISOString()}`,
        );
      }
      return;
    }
    const address = email!.trim();
    const change =
      command === "add" ? await addModerator(tx, address) : await removeModerator(tx, address);
    const messages = {
      added: `${address} is now a moderator.`,
      removed: `${address} is no longer a moderator.`,
      unchanged:
        command === "add"
          ? `${address} was a moderator already.`
          : `${address} was not a moderator.`,
      noSuchUser: `No account signs in with ${address}.`,
    } as const;
    console.info(messages[change]);
    if (change === "noSuchUser") process.exitCode = 1;
  });
} finally {
  await close();
}
