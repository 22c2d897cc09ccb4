import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeInboxEnquiry } from "../../db/queries/enquiry-inbox.ts";
import { listEnquiriesWithDelivery } from "../../db/queries/outbox.ts";
import { insertStaffUser } from "../../db/queries/staff.ts";
import { parseCsv } from "../../lib/csv.ts";
import { auth, createTestApp, multipart, type TestApp } from "../../tests/support/app.ts";
import { buildContactEnquiry, buildPropertyEnquiry } from "../../tests/support/factories.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import { parseEnquiriesArgs, runEnquiriesCli } from "./enquiries.ts";

/** The CSV document as rows of cells. */
const rowsOf = (text: string) => parseCsv(text).map((record) => record.fields);

/** The folder relative --output paths are written in, as npm's INIT_CWD would be. */
const cwd = mkdtempSync(join(tmpdir(), "homes-enquiries-cli-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function run(args: string[], databaseUrl: string) {
  let stdout = "";
  let stderr = "";
  const code = await runEnquiriesCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    databaseUrl,
    cwd,
  });
  return { code, stdout, stderr };
}

describe("the enquiries command's arguments", () => {
  it.each([
    [["list"], { kind: "list", limit: 20 }],
    [["list", "--limit", "5"], { kind: "list", limit: 5 }],
    [["export"], { kind: "export", format: "csv" }],
    [["export", "--format", "csv"], { kind: "export", format: "csv" }],
    [["export", "--output", "all.csv"], { kind: "export", format: "csv", output: "all.csv" }],
    [["--help"], { kind: "help" }],
  ])("reads %j", (args, expected) => {
    expect(parseEnquiriesArgs(args)).toEqual(expected);
  });

  it.each([
    [["remove"], "Unknown command 'remove'."],
    [["export", "--output"], "--output needs a value."],
    [["export", "--format", "xlsx"], "Unknown format 'xlsx': the export format is csv."],
    [["export", "--format"], "--format needs a value."],
    [["list", "--limit", "0"], "--limit must be a whole number of at least 1, not '0'."],
    [["list", "--format", "csv"], "Unknown option --format for 'list'."],
    [["list", "extra"], "Unexpected argument 'extra'."],
  ])("refuses %j clearly", (args, message) => {
    expect(() => parseEnquiriesArgs(args)).toThrow(message);
  });
});

describe.each(testDialects)("npm run enquiries on %s", (dialect) => {
  let test: TestApp;
  let databaseUrl: string;
  const hostile = "<script>alert(1)</script>, \"quoted\"\n=cmd|' /C calc'!A0";

  beforeAll(async () => {
    test = await createTestApp(dialect);
    databaseUrl = test.app.config.DATABASE_URL;
    const properties = (
      await test.app.inject({ url: "/api/property/display/all", headers: auth })
    ).json().data;
    for (const fields of [
      buildPropertyEnquiry(properties[0].code),
      buildContactEnquiry({ message: hostile, fullname: "<b>Bold</b> Name" }),
    ]) {
      const { payload, headers } = await multipart(fields);
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contact/add",
        payload,
        headers: { ...auth, ...headers },
      });
      expect(response.statusCode).toBe(200);
    }
  });
  afterAll(() => test.close());

  it("exports every enquiry with every field, the property headline and the delivery state", async () => {
    const { code, stdout, stderr } = await run(["export", "--format", "csv"], databaseUrl);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const [header, ...rows] = rowsOf(stdout);
    expect(header).toEqual([
      "id",
      "created_at",
      "fullname",
      "telephone",
      "email",
      "property_code",
      "property_headline",
      "how_you_hear",
      "message",
      "num1",
      "num2",
      "answer",
      "puzzle",
      "ip",
      "delivery_status",
      "delivery_attempts",
      "delivered_at",
      "delivery_last_error",
      "status",
      "assigned_to",
      "notes",
    ]);
    const stored = await listEnquiriesWithDelivery(test.app.database.db);
    expect(rows).toHaveLength(stored.length);
    const byId = new Map(
      rows.map((row) => [
        row[0],
        Object.fromEntries(header!.map((name, index) => [name, row[index]])),
      ]),
    );
    for (const enquiry of stored) {
      const row = byId.get(String(enquiry.id))!;
      expect(row.email).toBe(enquiry.email);
      // A telephone number (`+1 555 010 …`) as typed: a plain number is not a formula.
      expect(row.telephone).toBe(enquiry.telephone);
      expect(row.property_headline).toBe(enquiry.property_headline ?? "");
      expect(row.delivery_status).toBe("pending");
    }
    const hostileRow = rows.find((row) => row.includes("<b>Bold</b> Name"))!;
    const hostileStored = stored.find((enquiry) => enquiry.fullname === "<b>Bold</b> Name")!;
    // Shown as the text it is: markup kept verbatim (form posts send line breaks as CRLF).
    expect(hostileStored.message).toBe(hostile.replace(/\n/g, "\r\n"));
    expect(hostileRow[8]).toBe(hostileStored.message);
    // No cell starts as a spreadsheet formula; the telephone numbers start with + as typed.
    const telephones = new Set(stored.map((enquiry) => enquiry.telephone));
    expect(rows.flat().filter((cell) => /^[=+\-@]/.test(cell) && !telephones.has(cell))).toEqual(
      [],
    );
  });

  it("exports the staff's notes of an enquiry in one cell, a line each, oldest first", async () => {
    const db = test.app.database.db;
    const [target] = await listEnquiriesWithDelivery(db);
    const author = await insertStaffUser(db, {
      email: `notes-${dialect}@example.com`,
      role: "agent",
      now: new Date(),
    });
    const actor = { id: author!.id, email: author!.email };
    for (const [body, at] of [
      ["Called back, no answer.", "2026-11-20T09:00:00.000Z"],
      ["=Viewing booked for Friday", "2026-11-21T10:30:00.000Z"],
    ] as const) {
      await changeInboxEnquiry(db, target!.id, { kind: "note", body }, actor, new Date(at));
    }
    const { stdout } = await run(["export"], databaseUrl);
    const [header, ...rows] = rowsOf(stdout);
    const notes = header!.indexOf("notes");
    const row = rows.find((cells) => cells[0] === String(target!.id))!;
    expect(row[notes]).toBe(
      `2026-11-20T09:00:00.000Z ${actor.email}: Called back, no answer.\n` +
        `2026-11-21T10:30:00.000Z ${actor.email}: =Viewing booked for Friday`,
    );
    expect(rows.filter((cells) => cells !== row).map((cells) => cells[notes])).not.toContain(
      expect.stringMatching(/Called back/),
    );
  });

  it("writes the same export into the --output file, relative to where npm was run", async () => {
    const file = `enquiries-${dialect}.csv`;
    const toFile = await run(["export", "--output", file], databaseUrl);
    expect(toFile.stderr).toBe("");
    expect(toFile.code).toBe(0);
    const stored = await listEnquiriesWithDelivery(test.app.database.db);
    expect(toFile.stdout).toBe(`Exported ${stored.length} enquiries to ${file}.\n`);
    const toStdout = await run(["export"], databaseUrl);
    expect(readFileSync(join(cwd, file), "utf8")).toBe(toStdout.stdout);
    expect(rowsOf(toStdout.stdout)).toHaveLength(stored.length + 1);
  });

  it("says why an export could not be written, with exit code 1", async () => {
    const { code, stderr } = await run(["export", "--output", "missing/dir/x.csv"], databaseUrl);
    expect(code).toBe(1);
    expect(stderr).toContain(`enquiries export: ENOENT`);
    expect(stderr).toContain(join(cwd, "missing/dir/x.csv"));
  });

  it("lists the newest enquiries", async () => {
    const { code, stdout } = await run(["list", "--limit", "1"], databaseUrl);
    expect(code).toBe(0);
    expect(stdout).toContain("<b>Bold</b> Name");
    expect(stdout.match(/^#\d+/gm)).toHaveLength(1);
  });

  it("lists a visitor's C1 controls and bidi overrides as visible escapes", async () => {
    // A C1 CSI (which some terminals read as ESC [) and a right-to-left override.
    const fields = buildContactEnquiry({ message: "Call me\u009b2J now \u202egnp.exe" });
    const { payload, headers } = await multipart(fields);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contact/add",
      payload,
      headers: { ...auth, ...headers },
    });
    expect(response.statusCode).toBe(200);
    const { code, stdout } = await run(["list", "--limit", "1"], databaseUrl);
    expect(code).toBe(0);
    expect(stdout).toContain("Call me\\u009B2J now \\u202Egnp.exe");
    expect(stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it("answers exit code 2 and the usage for bad arguments", async () => {
    const { code, stderr, stdout } = await run(["export", "--format", "pdf"], databaseUrl);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("Unknown format 'pdf'");
    expect(stderr).toContain("Usage:");
  });
});
