// The registry this project installs from lacks some platform builds (e.g. macOS and Windows
// binaries of @next/swc, @swc/core, @tailwindcss/oxide). `npm install` then leaves them out of
// package-lock.json, and `npm ci` refuses the lock as out of sync. This adds each missing
// optional platform package back as an optional entry, so `npm ci` accepts the lock and skips
// it on machines whose platform does not need it. Run after `npm install`:
//   node scripts/lock-add-missing-optional.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const platform = (name) => {
  const os = [
    "darwin",
    "linux",
    "win32",
    "freebsd",
    "android",
    "openbsd",
    "sunos",
    "aix",
    "netbsd",
  ].find((candidate) => name.includes(candidate));
  const cpu = [
    "arm64",
    "x64",
    "ia32",
    "arm",
    "ppc64",
    "s390x",
    "riscv64",
    "loong64",
    "wasm32",
    "mips64el",
  ].find((candidate) => new RegExp(`[-_]${candidate}([-_]|$)`).test(name.split("/").pop() ?? ""));
  return { ...(os ? { os: [os] } : {}), ...(cpu && cpu !== "wasm32" ? { cpu: [cpu] } : {}) };
};

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Resolution walks up from the dependant's folder, as Node does.
    const base = location === "" ? "" : `${location}/`;
    const candidates = [`${base}node_modules/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => packages[c])) continue;
    packages[`node_modules/${name}`] = { version, optional: true, ...platform(name) };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: added ${added} missing optional platform package(s)`);
