import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { type LatestBuild, parseLatestBuild } from "./latest-build";

/** Where the build writes the deployed version: `<distDir>/builds/latest.json`. */
export function latestBuildPath(): string {
  return path.join(process.cwd(), env().NEXT_DIST_DIR, "builds", "latest.json");
}

let runningBuildId: string | undefined;

/**
 * The id of the build this server runs (`<distDir>/BUILD_ID`, fixed for the process).
 * `next dev` has no BUILD_ID file: "development".
 */
export async function readRunningBuildId(): Promise<string> {
  if (runningBuildId === undefined) {
    try {
      const file = path.join(process.cwd(), env().NEXT_DIST_DIR, "BUILD_ID");
      runningBuildId = (await readFile(file, "utf8")).trim() || "development";
    } catch {
      runningBuildId = "development";
    }
  }
  return runningBuildId;
}

/**
 * The deployed build, read fresh on every call so that replacing the file (a deploy) is seen
 * without a restart. Null when the file is missing or malformed.
 */
export async function readLatestBuild(): Promise<LatestBuild | null> {
  let text: string;
  try {
    text = await readFile(latestBuildPath(), "utf8");
  } catch {
    return null;
  }
  try {
    return parseLatestBuild(JSON.parse(text));
  } catch {
    return null;
  }
}
