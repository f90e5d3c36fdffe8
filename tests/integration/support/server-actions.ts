import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The repository's root. */
export const repositoryRoot = path.resolve(__dirname, "../../..");

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(file).isDirectory()) return filesUnder(file);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    return /^\s*["']use server["'];/.test(readFileSync(file, "utf8")) ? [file] : [];
  });
}

/**
 * Every "use server" module of the app (app/, lib/, components/), found by walking the
 * folders: a new one is covered by the tests that walk them without being listed.
 */
export function serverActionFiles(): string[] {
  return ["app", "lib", "components"].flatMap((folder) =>
    filesUnder(path.join(repositoryRoot, folder)),
  );
}
