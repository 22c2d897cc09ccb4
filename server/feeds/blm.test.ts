import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { normaliseUkPostcode } from "../../lib/postcode.ts";
import { writeTestImage } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { runFeedsCli } from "../cli/feeds.ts";
import { createBlmFeed } from "../jobs/blm-feed.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";
import { blmDateTime, blmMandatoryFields, blmText } from "./blm.ts";
import { exportBlm } from "./blm-export.ts";

const branchId = "48213";
/** 07:30 in London on a winter day: the file's hour is 07. */
const now = new Date("2026-11-29T07:30:05.000Z");

/** A BLM file read back by its own header's rules, failing on any that does not hold. */
function readBlm(text: string) {
  const lines = text.split("\r\n");
  const section = (name: string) => {
    const index = lines.indexOf(name);
    expect(index, name).toBeGreaterThanOrEqual(0);
    return index;
  };
  const [header, definition, data, end] = ["#HEADER#", "#DEFINITION#", "#DATA#", "#END#"].map(
    section,
  ) as [number, number, number, number];
  expect(header).toBe(0);
  expect(header < definition && definition < data && data < end).toBe(true);
  const headerLines = lines.slice(header + 1, definition).filter((line) => line !== "");
  const headerValue = (name: string) =>
    headerLines.find((line) => line.startsWith(`${name} : `))?.slice(name.length + 3);
  expect(headerValue("Version")).toBe("3");
  const eof = /^'(.)'$/.exec(headerValue("EOF") ?? "")?.[1];
  const eor = /^'(.)'$/.exec(headerValue("EOR") ?? "")?.[1];
  expect([eof, eor]).toEqual(["^", "~"]);
  const generated = headerValue("Generated Date") ?? "";
  expect(generated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // A line of fields: each ends with EOF, the line with EOR; nothing follows.
  const cells = (line: string) => {
    expect(line.endsWith(`${eof}${eor}`), line.slice(-40)).toBe(true);
    return line.slice(0, -2).split(eof as string);
  };
  const definitionLines = lines.slice(definition + 1, data).filter((line) => line !== "");
  expect(definitionLines).toHaveLength(1);
  const fields = cells(definitionLines[0] as string);
  expect(new Set(fields).size).toBe(fields.length);
  const rows = lines
    .slice(data + 1, end)
    .filter((line) => line !== "")
    .map((line) => {
      const values = cells(line);
      expect(values).toHaveLength(fields.length);
      return Object.fromEntries(fields.map((field, index) => [field, values[index] ?? ""]));
    });
  expect(Number(headerValue("Property Count"))).toBe(rows.length);
  expect(lines.slice(end + 1).filter((line) => line !== "")).toEqual([]);
  return { fields, rows, generated };
}

/** Writes a small image for each demo photo and floor plan, as the demo's folder has them. */
async function writeDemoImages(database: TestDatabase, imageDir: string) {
  const rows = await listAllPropertyRows(database.handle.db);
  const plans = await database.handle.db.selectFrom("floor_plan").select("file").execute();
  const files = new Set<string>([
    ...rows.flatMap((row) =>
      (JSON.parse(row.image_list) as { imageUrl: string }[]).map((item) => item.imageUrl),
    ),
    ...plans.map((plan) => plan.file).filter((file) => /\.(png|jpe?g)$/.test(file)),
  ]);
  mkdirSync(join(imageDir, "property"), { recursive: true });
  for (const file of files) await writeTestImage(join(imageDir, "property", file));
}

describe.each(testDialects)("the Rightmove BLM feed on %s", (dialect) => {
  let database: TestDatabase;
  let imageDir: string;
  let outputDir: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { seed: true });
    imageDir = mkdtempSync(join(tmpdir(), "homes-blm-images-"));
    outputDir = mkdtempSync(join(tmpdir(), "homes-blm-out-"));
    await writeDemoImages(database, imageDir);
  });
  afterEach(async () => {
    await database.drop();
    rmSync(imageDir, { recursive: true, force: true });
    rmSync(outputDir, { recursive: true, force: true });
  });

  const run = () =>
    exportBlm({
      db: database.handle.db,
      photoStore: createFilesystemPhotoStore(imageDir),
      branchId,
      outputDir,
      now,
    });

  it("writes the v3 file and the photos it names in one zip, every rule of the specification held", async () => {
    const db = database.handle.db;
    // A description with the separators and a line break inside: they must not split a field.
    await db
      .updateTable("property")
      .set({ description: "<p>Light ^ and air ~ all day.\nNear the canal.</p>" })
      .where("postcode", "=", "NW1 7LU")
      .execute();
    const report = await run();

    expect(report.blmFile).toBe(`${branchId}_2026112907.BLM`);
    expect(report.zipPath).toBe(join(outputDir, `${branchId}_2026112907.zip`));
    const zip = unzipSync(readFileSync(report.zipPath));
    const blm = readBlm(new TextDecoder().decode(zip[report.blmFile]));
    expect(blm.generated).toBe("2026-11-29 07:30:05");

    // The published UK homes switched on for Rightmove; the garage is switched off.
    const uk = (await listAllPropertyRows(db)).filter(
      (row) =>
        row.country === "United Kingdom" &&
        (row.publish === 1 || row.publish === true) &&
        Number(row.send_to_rightmove) === 1,
    );
    expect(uk.length).toBeGreaterThanOrEqual(2);
    expect(report.sent.sort()).toEqual(uk.map((row) => row.code).sort());
    expect(blm.rows.map((row) => row.AGENT_REF).sort()).toEqual(
      uk.map((row) => `${branchId}_${row.code}`).sort(),
    );
    // Every other published listing switched on is refused, saying why.
    expect(report.refused.length).toBeGreaterThan(10);
    for (const refused of report.refused) {
      expect(refused.reasons, refused.code).toContainEqual(
        expect.stringMatching(/^Rightmove lists homes in the United Kingdom only/),
      );
    }
    const garage = (await listAllPropertyRows(db)).find(
      (row) => row.country === "United Kingdom" && Number(row.send_to_rightmove) === 0,
    );
    expect(garage).toBeDefined();
    expect([...report.sent, ...report.refused.map((item) => item.code)]).not.toContain(
      garage?.code,
    );

    const names = new Set(Object.keys(zip));
    for (const row of blm.rows) {
      for (const field of blmMandatoryFields) expect(row[field], field).not.toBe("");
      expect(row.BRANCH_ID).toBe(branchId);
      expect(row.PUBLISHED_FLAG).toBe("1");
      expect(["1", "2"]).toContain(row.TRANS_TYPE_ID);
      expect(["0", "1", "2", "3", "4", "5", "6"]).toContain(row.STATUS_ID);
      for (const field of ["BEDROOMS", "PRICE", "PROP_SUB_ID"]) {
        expect(row[field], field).toMatch(/^\d+$/);
      }
      for (const field of ["CREATE_DATE", "UPDATE_DATE"]) {
        expect(row[field], field).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      }
      expect(normaliseUkPostcode(`${row.POSTCODE1} ${row.POSTCODE2}`)).toBe(
        `${row.POSTCODE1} ${row.POSTCODE2}`,
      );
      if (row.TRANS_TYPE_ID === "2") {
        expect(["0", "1", "2", "3"]).toContain(row.LET_RENT_FREQUENCY);
        expect(["0", "1", "2", "3"]).toContain(row.LET_FURN_ID);
        if (row.LET_DATE_AVAILABLE !== "") {
          expect(row.LET_DATE_AVAILABLE).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
        }
      } else {
        expect(row.LET_RENT_FREQUENCY).toBe("");
      }
      // The photos: named after the reference, numbered from 00, each in the zip as a JPEG.
      const media = Object.entries(row).filter(
        ([field, value]) => /^MEDIA_(IMAGE|FLOOR_PLAN)_\d{2}$/.test(field) && value !== "",
      );
      expect(row.MEDIA_IMAGE_00).toBe(`${row.AGENT_REF}_IMG_00.jpg`);
      for (const [field, name] of media) {
        const [, kind, number] = /^MEDIA_(IMAGE|FLOOR_PLAN)_(\d{2})$/.exec(field) ?? [];
        expect(name).toBe(`${row.AGENT_REF}_${kind === "IMAGE" ? "IMG" : "FLP"}_${number}.jpg`);
        expect(names.has(name), name).toBe(true);
        expect([...(zip[name] ?? []).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      }
    }
    // The zip holds the file and the media it names, nothing else.
    const named = blm.rows.flatMap((row) =>
      Object.entries(row)
        .filter(([field, value]) => /^MEDIA_(IMAGE|FLOOR_PLAN)_\d{2}$/.test(field) && value)
        .map(([, value]) => value),
    );
    expect([...names].sort()).toEqual([report.blmFile, ...named].sort());
    // A floor plan stored as a PNG goes as a JPEG too.
    expect(named.some((name) => name.includes("_FLP_"))).toBe(true);

    const terrace = blm.rows.find((row) => row.POSTCODE1 === "NW1");
    expect(terrace).toMatchObject({
      ADDRESS_1: "27 Albert Street",
      TOWN: "London",
      POSTCODE2: "7LU",
      TRANS_TYPE_ID: "1",
      TENURE_TYPE_ID: "1",
      PROP_SUB_ID: "26",
      DISPLAY_ADDRESS: "Albert Street, London",
      SUMMARY: "Light and air all day. Near the canal.",
    });
    expect(terrace?.DESCRIPTION).toBe("<p>Light and air all day. Near the canal.</p>");
  });

  it("refuses a listing that lacks what Rightmove needs, or whose photo is missing, and sends the rest", async () => {
    const db = database.handle.db;
    const uk = (await listAllPropertyRows(db)).filter(
      (row) =>
        row.country === "United Kingdom" &&
        (row.publish === 1 || row.publish === true) &&
        Number(row.send_to_rightmove) === 1,
    );
    const [incomplete, photoless] = uk as [(typeof uk)[number], (typeof uk)[number]];
    await db
      .updateTable("property")
      .set({ display_address: "", postcode: "" })
      .where("code", "=", incomplete.code)
      .execute();
    const cover = (JSON.parse(photoless.image_list) as { imageUrl: string }[])[0]?.imageUrl ?? "";
    rmSync(join(imageDir, "property", cover));

    const report = await run();
    expect(report.refused).toContainEqual({
      code: incomplete.code,
      reasons: ["Postcode is missing", "Display address is missing"],
    });
    expect(report.refused).toContainEqual({
      code: photoless.code,
      reasons: [`Photo or plan ${cover} is missing from the image folder`],
    });
    expect(report.sent).not.toContain(incomplete.code);
    expect(report.sent).not.toContain(photoless.code);
    const zip = unzipSync(readFileSync(report.zipPath));
    const blm = readBlm(new TextDecoder().decode(zip[report.blmFile]));
    expect(blm.rows.map((row) => row.AGENT_REF).sort()).toEqual(
      report.sent.map((code) => `${branchId}_${code}`).sort(),
    );
    expect(Object.keys(zip).some((name) => name.includes(photoless.code))).toBe(false);
  });

  it("runs as the scheduled job, logging the file and each refusal on a line of its own", async () => {
    const infos: object[] = [];
    const warnings: { object: object; message: string }[] = [];
    const run = createBlmFeed({
      database: database.handle,
      photoStore: createFilesystemPhotoStore(imageDir),
      branchId,
      outputDir,
      sftp: undefined,
      log: {
        info: (object) => infos.push(object),
        warn: (object, message) => warnings.push({ object, message }),
      },
    });
    const report = await run(now);
    expect(infos).toEqual([
      expect.objectContaining({
        file: `${branchId}_2026112907.BLM`,
        sent: report.sent.length,
        refused: report.refused.length,
      }),
    ]);
    expect(warnings).toHaveLength(report.refused.length);
    expect(warnings[0]).toEqual({
      object: { code: report.refused[0]?.code, reasons: report.refused[0]?.reasons },
      message: "rightmove feed refused a listing",
    });
    expect(readdirSync(outputDir)).toEqual([`${branchId}_2026112907.zip`]);
  });

  it("runs as npm run feeds -- blm, printing the file and each refusal", async () => {
    const output: string[] = [];
    const errors: string[] = [];
    const io = {
      stdout: (text: string) => output.push(text),
      stderr: (text: string) => errors.push(text),
      env: { DATABASE_URL: database.url, IMAGE_DIR: imageDir },
      now: () => now,
    };
    expect(await runFeedsCli(["blm", "--output", outputDir], io)).toBe(2);
    expect(errors.join("")).toContain("--branch-id ID or BLM_BRANCH_ID");
    expect(await runFeedsCli(["blm"], io)).toBe(2);
    expect(await runFeedsCli(["rss"], io)).toBe(2);

    const code = await runFeedsCli(["blm", "--output", outputDir, "--branch-id", branchId], io);
    expect(errors.slice(3)).toEqual([]);
    expect(code).toBe(0);
    const printed = output.join("");
    expect(printed).toMatch(
      new RegExp(`^${branchId}_2026112907\\.BLM: \\d+ listings sent, \\d+ refused; written to `),
    );
    expect(printed).toMatch(/ {2}refused HP-\d+: Rightmove lists homes in the United Kingdom only/);
    expect(readFileSync(join(outputDir, `${branchId}_2026112907.zip`)).length).toBeGreaterThan(0);
  });
});

describe("the BLM's values", () => {
  it("keeps the separators and line breaks out of a field", () => {
    expect(blmText("a^b~c\r\nd\te  f")).toBe("a b c d e f");
  });

  it("writes times in UK time, summer and winter", () => {
    expect(blmDateTime(new Date("2026-07-01T11:05:09Z"))).toBe("2026-07-01 12:05:09");
    expect(blmDateTime(new Date("2026-12-01T23:59:59Z"))).toBe("2026-12-01 23:59:59");
  });
});
