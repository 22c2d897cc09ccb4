/**
 * `npm run report:js` (after `npm run build`): per route, the gzipped size of the JavaScript a
 * first load of that route downloads (see first-load.ts): React Router's scripts where the page
 * hydrates (the back office), the enhancement module where it does not (every public page, decisions 021, 043). Then the chunks fetched
 * later: `import()`, and route modules that only a client-side navigation needs. The home page's
 * must stay within 90 KB; the command fails when it does not.
 */
import {
  gzippedBytes,
  homeBudgetKb,
  readEnhanceFiles,
  readFirstLoads,
  readLaterChunks,
} from "./first-load.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

const rows = (await readFirstLoads()).map(({ route, hydrates, files }) => ({
  route,
  script: hydrates ? "React" : "enhancement",
  files: files.length,
  bytes: files.reduce((total, url) => total + gzippedBytes(url), 0),
}));

const width = Math.max(...rows.map((row) => row.route.length), 5);
console.log(`${"route".padEnd(width)}  script       files  JS gzipped`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(width)}  ${row.script.padEnd(11)}  ${String(row.files).padStart(5)}  ${kb(row.bytes)}`,
  );
}

const later = await readLaterChunks();
if (later.length > 0) {
  console.log("\nLoaded later, when the code asks for them (import(), client-side navigation):");
  const urlWidth = Math.max(...later.map((url) => url.length));
  for (const url of later) console.log(`  ${url.padEnd(urlWidth)}  ${kb(gzippedBytes(url))}`);
}

const home = rows.find((row) => row.route === "/");
if (!home) throw new Error("The build has no index route.");
const homeKb = home.bytes / 1024;
const met = homeKb <= homeBudgetKb;
console.log(
  `\nHome: ${homeKb.toFixed(1)} KB gzipped (budget ${homeBudgetKb} KB): ${met ? "met" : "OVER BUDGET"}`,
);
if (home.script === "enhancement") {
  const emblaBytes = readEnhanceFiles().later.reduce((total, url) => total + gzippedBytes(url), 0);
  console.log(
    `      then ${(emblaBytes / 1024).toFixed(1)} KB through import() on the load event, or sooner once the carousel nears the viewport (Embla): ${((home.bytes + emblaBytes) / 1024).toFixed(1)} KB in all`,
  );
}
if (!met) process.exitCode = 1;
