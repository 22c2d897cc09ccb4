import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCsv } from "../../lib/csv.ts";
import { auth, createTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  buildPhonePhotoBytes,
  buildPropertyImportRow,
  writeTestImage,
} from "../../tests/support/factories.ts";
import { expectNoPrivateMetadata } from "../../tests/support/photos.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import { propertyColumns } from "../content/property-record.ts";
import { runContentCli } from "./content.ts";
import { parseContentArgs } from "./content-args.ts";

const entry = join(import.meta.dirname, "content.ts");

describe("the content command's arguments", () => {
  it.each([
    [["import", "a.csv"], { kind: "import", file: "a.csv", dryRun: false }],
    [
      ["import", "--dry-run", "a.json", "--images=pics"],
      { kind: "import", file: "a.json", images: "pics", dryRun: true },
    ],
    [["import", "--", "-odd.csv"], { kind: "import", file: "-odd.csv", dryRun: false }],
    [["export"], { kind: "export", format: "csv" }],
    [["export", "--output", "all.json"], { kind: "export", format: "json", output: "all.json" }],
    [
      ["profile", "set", "--telephone", "+1 555", "--from", "p.json"],
      { kind: "profile-set", fields: { telephone: "+1 555" }, from: "p.json" },
    ],
    [["slider", "remove", "2"], { kind: "slider-remove", number: 2 }],
    [
      ["collection", "set", "product layout 2", "HP-1001", "HP-1002"],
      { kind: "collection-set", name: "Product Layout 2", codes: ["HP-1001", "HP-1002"] },
    ],
    [["unpublish", "HP-1001"], { kind: "publish", code: "HP-1001", publish: false }],
    [["push"], { kind: "push", codes: [] }],
    [["push", "HP-1001", "HP-1002"], { kind: "push", codes: ["HP-1001", "HP-1002"] }],
    [["slider", "add", "--help"], { kind: "help", topic: "slider" }],
    [["help", "import"], { kind: "help", topic: "import" }],
  ])("reads %j", (args, expected) => {
    expect(parseContentArgs(args)).toEqual(expected);
  });

  it.each([
    [["import"], "Missing the file to import (a .csv or .json file)."],
    [["import", "a.csv", "b.csv"], "Unexpected argument 'b.csv'."],
    [["import", "a.csv", "--images"], "--images needs a value."],
    [["import", "a.csv", "--images", "--dry-run"], "--images needs a value."],
    [["import", "a.csv", "--dry-run=yes"], "--dry-run takes no value."],
    [["import", "a.csv", "--dry-run", "--dry-run"], "--dry-run is given more than once."],
    [["import", "a.csv", "-x"], "Unknown option -x for 'import'."],
    [["export", "--format", "xml"], "Unknown format 'xml': the formats are csv and json."],
    [["profile", "set"], "Give at least one field to set, or --from <file.json>."],
    [["profile", "set", "--colour", "red"], "Unknown option --colour for 'profile'."],
    [["slider", "add", "--title", "Hi"], "slider add needs --title and --image."],
    [["slider", "replace", "0", "--title", "x"], "A slider number is 1 or more, not '0'."],
    [["slider", "replace", "1"], "slider replace needs --title, --image or --link."],
    [["collection", "set", "Favourites", "HP-1001"], "Unknown collection 'Favourites'."],
    [["collection", "set", "Product Layout 1"], "Give at least one property code."],
    [["publish"], "Missing the property's code."],
    [["publish", "../etc"], "'../etc' is not a property code."],
    [["push", "../etc"], "'../etc' is not a property code."],
  ])("refuses %j", (args, message) => {
    expect(() => parseContentArgs(args)).toThrow(message);
  });
});

describe.each(testDialects)("npm run content on %s", (dialect) => {
  let test: TestApp;
  let env: Record<string, string>;
  let imageDir: string;
  let cwd: string;
  let announced: number;

  /** The text a progress bar drew, as on a terminal. */
  let progress = "";

  async function run(...args: string[]) {
    let stdout = "";
    let stderr = "";
    const code = await runContentCli(args, {
      progress: {
        isTTY: true,
        write: (text: string) => {
          progress += text;
        },
      },
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      env,
      cwd,
      contentChanged: async () => {
        announced += 1;
      },
    });
    // The command wrote through its own connection: on PostgreSQL the server hears of it
    // through its change feed, a moment later (decision 022).
    await test.app.changeFeed?.caughtUp();
    return { code, stdout, stderr };
  }

  async function api(path: string) {
    const response = await test.app.inject({ url: `/api${path}`, headers: auth });
    return { status: response.statusCode, data: response.json().data };
  }

  /** Runs the command and answers how many change announcements it made. */
  async function announcementsOf(action: () => Promise<unknown>): Promise<number> {
    const before = announced;
    await action();
    return announced - before;
  }

  beforeAll(async () => {
    test = await createTestApp(dialect);
    imageDir = test.app.config.IMAGE_DIR;
    env = {
      NODE_ENV: "test",
      DATABASE_URL: test.app.config.DATABASE_URL,
      IMAGE_DIR: imageDir,
    };
    cwd = mkdtempSync(join(tmpdir(), "homes-content-cli-"));
    announced = 0;
    await writeTestImage(join(cwd, "logo.png"), "#204060");
    await writeTestImage(join(cwd, "banner.jpg"), "#806040");
    await writeTestImage(join(cwd, "banner-2.jpg"), "#408060");
  });
  afterAll(() => test.close());

  it("unpublish hides a property from the API at once, publish shows it again", async () => {
    const codes = async () =>
      ((await api("/property/display/all")).data as { code: string }[]).map((p) => p.code);
    expect(await codes()).toContain("HP-1001");

    let result = await run("unpublish", "HP-1001");
    expect(result).toMatchObject({ code: 0, stdout: "HP-1001 is now unpublished.\n" });
    expect(await codes()).not.toContain("HP-1001");
    expect((await api("/property/show/one/HP-1001")).status).toBe(404);

    expect(await announcementsOf(() => run("unpublish", "HP-1001"))).toBe(0);
    result = await run("publish", "HP-1001");
    expect(result).toMatchObject({ code: 0, stdout: "HP-1001 is now published.\n" });
    expect(await codes()).toContain("HP-1001");
    expect(announced).toBe(2);

    expect(await run("publish", "NOPE-1")).toMatchObject({
      code: 1,
      stderr: "content publish: No property has the code NOPE-1.\n",
    });
  });

  it("imports a CSV file: the good rows show in the API, the refused ones are listed, exit code 1", async () => {
    const good = buildPropertyImportRow({ images: "banner.jpg" });
    const bad = buildPropertyImportRow({ bedroom: "-1" });
    writeFileSync(
      join(cwd, "import.csv"),
      formatCsv(
        propertyColumns,
        [good, bad].map((row) => propertyColumns.map((column) => row[column])),
      ),
    );
    progress = "";
    const result = await run("import", "import.csv", "--images", ".");
    expect(result.code).toBe(1);
    expect(progress).toMatch(/\r\[#{20}\] 100% 2\/2 .*\n$/);
    expect(result.stdout).toBe(
      "Imported import.csv: 1 added, 0 updated, 0 unchanged, 1 refused.\n" +
        "Copied 1 images.\n" +
        "Refused rows (nothing of them was saved):\n" +
        `  row 3 (${bad.code}): bedroom must be 0 or more\n`,
    );
    const shown = await api(`/property/show/one/${good.code}`);
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({ headline: good.headline, price: Number(good.price) });
    expect(existsSync(join(imageDir, "property", shown.data.cover_image))).toBe(true);
    expect((await api(`/property/show/one/${bad.code}`)).status).toBe(404);

    // The same file again: nothing changes, nothing is announced.
    expect(
      await announcementsOf(async () => {
        const again = await run("import", "import.csv", "--images", ".");
        expect(again.stdout).toMatch(
          /^Imported import.csv: 0 added, 0 updated, 1 unchanged, 1 refused/,
        );
      }),
    ).toBe(0);
  });

  it("exports every property, published or not, as CSV or JSON", async () => {
    const all = (await api("/property/display/all")).data as unknown[];
    const csv = await run("export");
    expect(csv.code).toBe(0);
    expect(csv.stdout.split("\r\n")[0]).toBe(propertyColumns.join(","));

    expect(await run("export", "--output", "all.json")).toMatchObject({ code: 0 });
    const exported = JSON.parse(readFileSync(join(cwd, "all.json"), "utf8")) as {
      publish: boolean;
    }[];
    // The seed has unpublished properties too, which the API does not list.
    expect(exported.filter((property) => property.publish)).toHaveLength(all.length);
    expect(exported.length).toBeGreaterThan(all.length);
  });

  it("sets the company profile from options and from a JSON file, with the logo copied", async () => {
    const result = await run(
      "profile",
      "set",
      "--business-name",
      "Northwind Homes",
      "--logo",
      "logo.png",
    );
    expect(result).toMatchObject({ code: 0, stdout: "Company profile updated.\n" });
    let profile = (await api("/company/profile")).data;
    expect(profile.business_name).toBe("Northwind Homes");
    expect(profile.image_url).toMatch(/^logo-[0-9a-f]{12}\.png$/);
    expect(existsSync(join(imageDir, profile.image_url))).toBe(true);

    writeFileSync(
      join(cwd, "profile.json"),
      JSON.stringify({ telephone: "+1 (555) 010-2000", email_address: "hello@northwind.example" }),
    );
    expect(await run("profile", "set", "--from", "profile.json")).toMatchObject({ code: 0 });
    profile = (await api("/company/profile")).data;
    expect(profile).toMatchObject({
      business_name: "Northwind Homes",
      telephone: "+1 (555) 010-2000",
      email_address: "hello@northwind.example",
    });

    expect(await announcementsOf(() => run("profile", "set", "--from", "profile.json"))).toBe(0);
    expect(await run("profile", "set", "--email-address", "not an address")).toMatchObject({
      code: 1,
      stderr: "content profile: email_address must be an e-mail address\n",
    });
    expect(await run("profile", "set", "--logo", "missing.png")).toMatchObject({
      code: 1,
      stderr: "content profile: missing.png is not a file.\n",
    });
  });

  it("adds, replaces and removes sliders", async () => {
    const titles = async () =>
      ((await api("/sliders/display/all")).data as { title: string }[]).map((s) => s.title);
    const before = await titles();

    expect(
      await run("slider", "add", "--title", "Spring Open Days", "--image", "banner.jpg"),
    ).toMatchObject({ code: 0 });
    let sliders = (await api("/sliders/display/all")).data;
    expect(sliders.at(-1)).toMatchObject({ title: "Spring Open Days", link: "/" });
    expect(existsSync(join(imageDir, "sliders", sliders.at(-1).image_url))).toBe(true);

    const number = String(before.length + 1);
    expect(
      await run("slider", "replace", number, "--image", "banner-2.jpg", "--link", "/property"),
    ).toMatchObject({ code: 0, stdout: `Changed slider ${number}.\n` });
    sliders = (await api("/sliders/display/all")).data;
    expect(sliders.at(-1)).toMatchObject({ title: "Spring Open Days", link: "/property" });
    expect(sliders.at(-1).image_url).toMatch(/^banner-2-[0-9a-f]{12}\.jpg$/);

    expect((await run("slider", "list")).stdout).toContain(`${number}. Spring Open Days\n`);
    expect(await run("slider", "remove", number)).toMatchObject({ code: 0 });
    expect(await titles()).toEqual(before);

    expect(await run("slider", "remove", "99")).toMatchObject({
      code: 1,
      stderr: `content slider: There is no slider 99: the sliders are numbered 1 to ${before.length}.\n`,
    });
    expect(await run("slider", "add", "--title", "x", "--image", "missing.jpg")).toMatchObject({
      code: 1,
      stderr: "content slider: missing.jpg is not a file.\n",
    });
    expect(
      await run(
        "slider",
        "add",
        "--title",
        "x",
        "--image",
        "banner.jpg",
        "--link",
        "//evil.example",
      ),
    ).toMatchObject({
      code: 1,
      stderr:
        "content slider: --link must be a path on the site (such as /property) or an http(s) address, not '//evil.example'.\n",
    });
    expect(await run("slider", "add", "--title", " ", "--image", "banner.jpg")).toMatchObject({
      code: 1,
      stderr: "content slider: --title must be 1 to 200 characters.\n",
    });
  });

  it("stores the import's photos and plans, the logo and sliders without metadata, upright", async () => {
    // Each lies on its side; shown as the sizes below.
    writeFileSync(
      join(cwd, "phone-front.jpg"),
      await buildPhonePhotoBytes({ width: 400, height: 600 }),
    );
    writeFileSync(
      join(cwd, "phone-plan.jpg"),
      await buildPhonePhotoBytes({ width: 300, height: 500 }),
    );
    writeFileSync(
      join(cwd, "phone-logo.jpg"),
      await buildPhonePhotoBytes({ width: 60, height: 120 }),
    );
    writeFileSync(
      join(cwd, "phone-banner.jpg"),
      await buildPhonePhotoBytes({ width: 420, height: 1300 }),
    );
    writeFileSync(
      join(cwd, "phone-banner-2.jpg"),
      await buildPhonePhotoBytes({ width: 430, height: 1300 }),
    );
    const row = buildPropertyImportRow({
      images: "phone-front.jpg",
      floor_plans: "Ground floor=phone-plan.jpg",
    });
    writeFileSync(
      join(cwd, "phone.csv"),
      formatCsv(propertyColumns, [propertyColumns.map((column) => row[column])]),
    );
    expect(await run("import", "phone.csv", "--images", ".")).toMatchObject({ code: 0 });
    const imported = (await api(`/property/show/one/${row.code}`)).data;
    const stored = (path: string) => readFileSync(join(imageDir, path));
    await expectNoPrivateMetadata(stored(`property/${imported.cover_image}`), {
      width: 600,
      height: 400,
    });
    await expectNoPrivateMetadata(stored(`property/${imported.floor_plans[0].file}`), {
      width: 500,
      height: 300,
    });
    // Named after the file as given: a re-import finds it and changes nothing.
    expect((await run("import", "phone.csv", "--images", ".")).stdout).toMatch(/1 unchanged/);

    expect(await run("profile", "set", "--logo", "phone-logo.jpg")).toMatchObject({ code: 0 });
    const logo = (await api("/company/profile")).data.image_url;
    await expectNoPrivateMetadata(stored(logo), { width: 120, height: 60 });

    expect(
      await run("slider", "add", "--title", "Phone banner", "--image", "phone-banner.jpg"),
    ).toMatchObject({ code: 0 });
    const added = (await api("/sliders/display/all")).data.at(-1);
    await expectNoPrivateMetadata(stored(`sliders/${added.image_url}`), {
      width: 1300,
      height: 420,
    });
    const number = String((await api("/sliders/display/all")).data.length);
    expect(await run("slider", "replace", number, "--image", "phone-banner-2.jpg")).toMatchObject({
      code: 0,
    });
    const replaced = (await api("/sliders/display/all")).data.at(-1);
    await expectNoPrivateMetadata(stored(`sliders/${replaced.image_url}`), {
      width: 1300,
      height: 430,
    });
    expect(await run("slider", "remove", number)).toMatchObject({ code: 0 });
  });

  it("sets a collection's items, refusing unknown codes", async () => {
    expect(await run("collection", "set", "Product Layout 2", "HP-1003", "HP-1001")).toMatchObject({
      code: 0,
      stdout: "'Product Layout 2' now lists HP-1003, HP-1001.\n",
    });
    const collection = (await api("/collection/show_one/Product%20Layout%202")).data;
    expect(JSON.parse(collection.item_list)).toEqual([{ code: "HP-1003" }, { code: "HP-1001" }]);

    expect(await run("collection", "set", "Product Layout 2", "HP-1003", "NOPE-2")).toMatchObject({
      code: 1,
      stderr: "content collection: No property has the code NOPE-2.\n",
    });
    expect(
      JSON.parse((await api("/collection/show_one/Product%20Layout%202")).data.item_list),
    ).toHaveLength(2);
    expect(await run("collection", "set", "Product Layout 2", "HP-1003", "HP-1003")).toMatchObject({
      code: 1,
      stderr: "content collection: Listed more than once: HP-1003.\n",
    });
    const many = Array.from({ length: 25 }, (_, index) => `HP-${2000 + index}`);
    expect(await run("collection", "set", "Product Layout 2", ...many)).toMatchObject({
      code: 1,
      stderr: "content collection: A collection may hold at most 24 listings.\n",
    });
  });

  it("answers exit code 2 with the usage for wrong arguments, 1 for a failure, in a child process", async () => {
    const child = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [entry, ...args], {
          // npm sets INIT_CWD to the folder `npm run` was typed in: paths are read from there.
          env: { ...process.env, ...env, INIT_CWD: cwd },
        });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };
    const [help, unknown, missing, failure] = await Promise.all([
      child("--help"),
      child("frobnicate"),
      child("import"),
      child("import", "nothing-here.csv"),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^Usage: npm run content -- <command>/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown command 'frobnicate'.\n\nUsage: npm run content/);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^Missing the file to import .*\n\nUsage: npm run content -- import/,
    );
    expect(failure).toMatchObject({
      code: 1,
      stderr: `content import: ${join(cwd, "nothing-here.csv")}: no such file.\n`,
    });
  });
});
