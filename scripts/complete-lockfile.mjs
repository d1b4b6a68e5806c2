// Completes package-lock.json with entries for other platforms' optional binaries (rollup, esbuild, tailwind oxide,
// biome, ...). The registry mirror these machines use does not carry every platform build, so `npm install` leaves
// those entries out and `npm ci` then refuses the lock as "out of sync". An entry that names only its os/cpu is never
// fetched on a platform it does not match, which is all `npm ci` needs. Run after changing dependencies:
//   npm install <pkg> && node scripts/complete-lockfile.mjs
// With --check it only reports missing entries and exits 1 (part of `npm run lint`).
import fs from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "sunos", "win32", "aix", "netbsd"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32"];

function platformOf(name) {
  const base = name.split("/").pop();
  const parts = base.split("-");
  const os = parts.find((p) => OS.includes(p));
  let cpu = parts.find((p) => CPU.includes(p));
  if (!cpu && parts.includes("arm")) cpu = "arm";
  if (base.includes("wasm32") || base.endsWith("-wasm")) return { cpu: ["wasm32"] };
  if (!os && !cpu) return null;
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (base.includes("musl")) entry.libc = ["musl"];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const parentDir = path === "" ? "" : `${path}/`;
    const candidates = [`${parentDir}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform) continue; // Not a platform binary: a real missing dependency must stay an error.
    packages[`node_modules/${dep}`] = {
      version: range.replace(/^[~^=]/, ""),
      dev: meta.dev || undefined,
      optional: true,
      ...platform,
    };
    added++;
  }
}
// A dependency on a dist-tag ("latest") is resolved against the registry by `npm ci`: once the tag moves, the lock no
// longer satisfies it and a fresh clone's install fails ("Missing: x from lock file"). Such ranges must be pinned
// through package.json "overrides".
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const overridden = new Set(
  Object.values(pkg.overrides ?? {}).flatMap((o) => (typeof o === "object" ? Object.keys(o) : [])),
);
const tagged = [];
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries({ ...meta.dependencies, ...meta.optionalDependencies })) {
    if (/^[a-z][a-z0-9-]*$/i.test(range) && !overridden.has(dep)) tagged.push(`${path || "(root)"} → ${dep}@${range}`);
  }
}
if (process.argv.includes("--check")) {
  if (tagged.length > 0) {
    console.error(
      `package-lock.json has dependencies on dist-tags; pin them in package.json "overrides":\n  ${tagged.join("\n  ")}`,
    );
    process.exit(1);
  }
  if (added > 0) {
    console.error(`package-lock.json lacks ${added} platform entries: run node scripts/complete-lockfile.mjs`);
    process.exit(1);
  }
} else {
  fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: added ${added} platform-only entries`);
}
