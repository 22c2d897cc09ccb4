/**
 * The audit log's writers (decision 050) on both dialects: every method of the back office's
 * services is either a write, which records its event, or a read; a write and its event
 * commit together; the content and users commands record as `cli`; a data request's erasure
 * records how many, never the address.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import { loadConfig } from "../../config/env.ts";
import type { Database } from "../../db/database.ts";
import { withAuditClientAddress } from "../../db/queries/audit.ts";
import { insertEnquiry } from "../../db/queries/enquiry.ts";
import { purgeEnquiriesBefore } from "../../db/queries/enquiry-inbox.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { cliActor, retentionActor } from "../../lib/admin-audit.ts";
import { emptyListingValues, type ListingFormValues } from "../../lib/admin-listing-form.ts";
import { formatCsv } from "../../lib/csv.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import {
  buildPdfBytes,
  buildPhotoBytes,
  buildPropertyEnquiry,
  buildPropertyImportRow,
} from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { runContentCli } from "../cli/content.ts";
import { runUsersCli } from "../cli/users.ts";
import { createFeedConsumers } from "../feeds/consumers.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";
import { createAdminPhotos } from "../photos/service.ts";
import { createStaffAccounts } from "../staff/accounts.ts";
import { createAdminContent } from "../staff/content.ts";
import { createAdminEnquiries } from "../staff/enquiries.ts";
import { createAdminListings } from "../staff/listings.ts";
import { createAdminPortals } from "../staff/portals.ts";
import { createSignInThrottle } from "../staff/throttle.ts";
import { createAdminAudit } from "./service.ts";

const cheap = { logN: 10, r: 8, p: 1 };
const silent = { warn() {}, info() {} };
const password = "a long enough password";

/**
 * Every method of every back-office service, as a write (which must record an event) or a
 * read. A method added to a service and to neither list fails the first test below.
 */
const writes = {
  staff: [
    "signIn",
    "signOut",
    "setPassword",
    "invite",
    "issueLink",
    "changeRole",
    "remove",
    "changePassword",
  ],
  listings: ["change", "create", "save", "duplicate"],
  enquiries: ["change", "exportData", "eraseData"],
  audit: [],
  content: [
    "addSlider",
    "saveSlider",
    "moveSlider",
    "removeSlider",
    "saveCollection",
    "saveProfile",
    "addAmenity",
    "renameAmenity",
    "removeAmenity",
    "addCategory",
    "renameCategory",
    "removeCategory",
  ],
  photos: ["upload", "uploadFloorPlans", "save", "saveFloorPlans"],
  portals: ["setPaused"],
} as const;
const reads = {
  staff: ["session", "formToken", "checkFormToken", "findSetPasswordLink", "listStaff"],
  listings: [
    "list",
    "find",
    "open",
    "formOptions",
    "proposedCode",
    "checkLocation",
    "canGeocode",
    "geocode",
    "search",
    "choices",
    "lastMerge",
    "preview",
  ],
  enquiries: ["list", "find", "assignees", "exportCsv", "findData", "mailing"],
  audit: ["list"],
  content: [
    "sliders",
    "slider",
    "collections",
    "collectionItems",
    "profile",
    "amenities",
    "categories",
  ],
  photos: ["open", "lastMerge"],
  portals: ["overview"],
} as const;

function goodValues(code: string): ListingFormValues {
  return {
    ...emptyListingValues(),
    code,
    headline: "Quiet flat by the canal",
    offer_type: "For Rent",
    price: "1450",
    address: "12 Canal Walk",
    city: "Leeds",
    country: "United Kingdom",
    bedroom: "2",
    description: "<p>Bright flat.</p>",
  };
}

describe.each(testDialects)("the audit log's writers on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let owner: StaffSession;
  let agent: StaffSession;
  const accounts = () =>
    createStaffAccounts({
      database: test.handle,
      throttle: createSignInThrottle(),
      siteUrl: "https://homes.example.com",
      scryptCost: cheap,
    });
  const services = () => ({
    staff: accounts().service,
    listings: createAdminListings({
      database: test.handle,
      store: createFilesystemPhotoStore(createTestImageDir()),
      log: silent,
    }),
    enquiries: createAdminEnquiries({ database: test.handle, log: silent, mailing: false }),
    audit: createAdminAudit({ database: test.handle }),
    // Its writes' events are checked in server/staff/content.test.ts.
    content: createAdminContent({
      database: test.handle,
      imageDir: createTestImageDir(),
      log: silent,
    }),
    photos: createAdminPhotos({
      database: test.handle,
      store: createFilesystemPhotoStore(createTestImageDir()),
      log: silent,
    }),
    portals: createAdminPortals({
      database: test.handle,
      config: loadConfig({ NODE_ENV: "test", DATABASE_URL: "file::memory:" }),
      consumers: createFeedConsumers({ database: test.handle }),
    }),
  });

  async function events() {
    return db.selectFrom("audit_event").selectAll().orderBy("id").execute();
  }
  /** The events `work` recorded. */
  async function recordedBy(work: () => Promise<unknown>) {
    const before = (await events()).length;
    await work();
    return (await events()).slice(before).map((row) => ({
      ...row,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    }));
  }
  async function member(role: "owner" | "agent"): Promise<StaffSession> {
    const staff = accounts();
    const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
    const added = await staff.addStaffUser(email, role);
    if (!added.ok) throw new Error(added.message);
    await staff.service.setPassword(added.link.split("/").pop() as string, "10.0.0.1", password);
    return { user: added.user, csrfToken: "x" };
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    owner = await member("owner");
    agent = await member("agent");
  });
  afterAll(() => test?.drop());

  it("knows every method of every service as a write or a read", () => {
    const found = services();
    for (const name of Object.keys(found) as (keyof typeof found)[]) {
      const known = [...writes[name], ...reads[name]].sort();
      expect(Object.keys(found[name]).sort(), name).toEqual(known);
    }
  });

  it("records each pause and resume of a feed by an owner, never one that changed nothing", async () => {
    const { portals } = services();
    const paused = await recordedBy(() => portals.setPaused(owner, "push", true));
    expect(paused).toMatchObject([
      {
        action: "feed.pause",
        subject_type: "feed",
        subject_id: "push",
        actor_email: owner.user.email,
      },
    ]);
    expect(await recordedBy(() => portals.setPaused(owner, "push", true))).toEqual([]);
    const resumed = await recordedBy(() => portals.setPaused(owner, "push", false));
    expect(resumed).toMatchObject([{ action: "feed.resume", subject_id: "push" }]);
    await expect(portals.setPaused(agent, "push", true)).rejects.toThrow(/owner/);
    expect(await recordedBy(() => portals.setPaused(owner, "nothing", true))).toEqual([]);
  });

  it("records each write of the staff accounts, never a password", async () => {
    const { staff } = services();
    const invited = await recordedBy(() =>
      staff.invite(owner, { email: `new-${dialect}@example.com`, role: "agent" }),
    );
    expect(invited).toMatchObject([
      {
        action: "staff.invite",
        actor_id: owner.user.id,
        actor_email: owner.user.email,
        subject_type: "staff",
        detail: { email: `new-${dialect}@example.com`, role: "agent" },
      },
    ]);
    const email = `self-${dialect}@example.com`;
    const added = await accounts().addStaffUser(email, "owner");
    if (!added.ok) throw new Error(added.message);
    const set = await recordedBy(() =>
      staff.setPassword(added.link.split("/").pop() as string, "10.0.0.1", password),
    );
    expect(set).toMatchObject([
      { action: "staff.set-password", actor_email: email, subject_id: String(added.user.id) },
    ]);
    const request = new Request("http://localhost/admin/sign-in");
    let cookie = "";
    const signedIn = await recordedBy(async () => {
      const answer = await staff.signIn(request, "10.0.0.9", { email, password });
      if (!answer.ok) throw new Error(answer.message);
      cookie = (answer.setCookie[0] as string).split(";")[0] as string;
    });
    expect(signedIn).toMatchObject([{ action: "session.sign-in", actor_email: email }]);
    const failed = await recordedBy(() =>
      staff.signIn(new Request("http://localhost/admin/sign-in"), "10.0.0.9", {
        email,
        password: "wrong",
      }),
    );
    expect(failed).toEqual([]);
    const signedOut = await recordedBy(() =>
      staff.signOut(new Request("http://localhost/admin/", { headers: { cookie } }), {
        everywhere: true,
      }),
    );
    expect(signedOut).toMatchObject([
      { action: "session.sign-out-everywhere", actor_email: email },
    ]);
    const text = JSON.stringify(await events());
    expect(text).not.toContain(password);
    expect(text).not.toContain("scrypt$");
    expect(text).not.toContain(added.link.split("/").pop() as string);
  });

  it("records an owner's care of the accounts: new links, roles, removals, password changes", async () => {
    const { staff } = services();
    const other = await member("agent");
    let link = "";
    const linked = await recordedBy(async () => {
      const issued = await staff.issueLink(owner, other.user.id);
      if (!issued.ok) throw new Error(issued.message);
      link = issued.link;
    });
    expect(linked).toMatchObject([
      {
        action: "staff.link",
        actor_id: owner.user.id,
        actor_email: owner.user.email,
        subject_type: "staff",
        subject_id: String(other.user.id),
        detail: { email: other.user.email },
      },
    ]);
    const promoted = await recordedBy(() => staff.changeRole(owner, other.user.id, "owner"));
    expect(promoted).toMatchObject([
      {
        action: "staff.role",
        actor_email: owner.user.email,
        subject_id: String(other.user.id),
        detail: { email: other.user.email, changes: { role: { before: "agent", after: "owner" } } },
      },
    ]);
    expect(await recordedBy(() => staff.changeRole(owner, other.user.id, "owner"))).toEqual([]);
    const request = new Request("http://localhost/admin/sign-in");
    const signedIn = await staff.signIn(request, "10.0.0.8", { email: other.user.email, password });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = (signedIn.setCookie[0] as string).split(";")[0] as string;
    const newPassword = "another long password";
    const changed = await recordedBy(() =>
      staff.changePassword(
        new Request("http://localhost/admin/password", { headers: { cookie } }),
        "10.0.0.8",
        { current: password, password: newPassword },
      ),
    );
    expect(changed).toMatchObject([
      { action: "staff.change-password", actor_email: other.user.email, detail: {} },
    ]);
    const removed = await recordedBy(() => staff.remove(owner, other.user.id));
    expect(removed).toMatchObject([
      {
        action: "staff.remove",
        actor_email: owner.user.email,
        subject_id: String(other.user.id),
        detail: { email: other.user.email, role: "owner", unassignedEnquiries: 0 },
      },
    ]);
    const text = JSON.stringify(await events());
    expect(text).not.toContain(newPassword);
    expect(text).not.toContain(link.split("/").pop() as string);
  });

  it("records each write of the photos with what changed", async () => {
    const { photos, listings } = services();
    await listings.create(agent, goodValues(`PH-${dialect}`));
    const bytes = await buildPhotoBytes({ color: "#5e548e" });
    const added = await recordedBy(() =>
      photos.upload(agent, `PH-${dialect}`, [{ name: "hall.jpg", bytes }]),
    );
    expect(added).toMatchObject([
      {
        action: "listing.photos-add",
        actor_email: agent.user.email,
        subject_type: "listing",
        subject_id: `PH-${dialect}`,
        detail: { count: 1 },
      },
    ]);
    const opened = await photos.open(agent, `PH-${dialect}`);
    const file = opened?.photos[0]?.file ?? "";
    const saved = await recordedBy(() =>
      photos.save(agent, `PH-${dialect}`, opened?.revision ?? -1, {
        photos: [{ file, alt: "Hall with a tiled floor" }],
        cover: file,
      }),
    );
    expect(saved).toMatchObject([
      {
        action: "listing.photos-save",
        detail: {
          changes: { [`alt of ${file}`]: { before: "", after: "Hall with a tiled floor" } },
        },
      },
    ]);
    const refused = await recordedBy(() =>
      photos.save(agent, `PH-${dialect}`, opened?.revision ?? -1, { photos: [], cover: "" }),
    );
    expect(refused).toEqual([]);
    const plan = buildPdfBytes(`audit ${dialect}`);
    const plans = await recordedBy(() =>
      photos.uploadFloorPlans(agent, `PH-${dialect}`, [{ name: "plan.pdf", bytes: plan }], ""),
    );
    expect(plans).toMatchObject([
      {
        action: "listing.floor-plans-add",
        actor_email: agent.user.email,
        subject_type: "listing",
        subject_id: `PH-${dialect}`,
        detail: { count: 1 },
      },
    ]);
    const withPlan = await photos.open(agent, `PH-${dialect}`);
    const planFile = withPlan?.floorPlans[0]?.file ?? "";
    const relabelled = await recordedBy(() =>
      photos.saveFloorPlans(agent, `PH-${dialect}`, withPlan?.revision ?? -1, {
        plans: [{ file: planFile, label: "Whole house" }],
      }),
    );
    expect(relabelled).toMatchObject([
      {
        action: "listing.floor-plans-save",
        actor_email: agent.user.email,
        subject_id: `PH-${dialect}`,
        detail: {
          changes: { [`label of ${planFile}`]: { before: "Floor plan 1", after: "Whole house" } },
        },
      },
    ]);
  });

  it("records each write of the listings with the fields a save changed", async () => {
    const { listings } = services();
    const created = await recordedBy(() => listings.create(agent, goodValues(`AU-${dialect}`)));
    expect(created).toMatchObject([
      {
        action: "listing.create",
        actor_email: agent.user.email,
        subject_type: "listing",
        subject_id: `AU-${dialect}`,
        detail: { changes: { headline: { before: null, after: "Quiet flat by the canal" } } },
      },
    ]);
    const opened = await listings.open(agent, `AU-${dialect}`);
    const saved = await recordedBy(() =>
      listings.save(agent, `AU-${dialect}`, opened!.revision, {
        ...opened!.values,
        price: "1500",
      }),
    );
    expect(saved).toMatchObject([{ action: "listing.save", subject_id: `AU-${dialect}` }]);
    expect(saved[0]?.detail).toEqual({ changes: { price: { before: "1450", after: "1500" } } });
    const refused = await recordedBy(() =>
      listings.save(agent, `AU-${dialect}`, opened!.revision, opened!.values),
    );
    expect(refused).toEqual([]);
    const duplicated = await recordedBy(() => listings.duplicate(agent, `AU-${dialect}`));
    expect(duplicated).toMatchObject([
      {
        action: "listing.duplicate",
        subject_id: `AU-${dialect}-2`,
        detail: { from: `AU-${dialect}` },
      },
    ]);
    for (const action of ["publish", "unpublish", "archive", "restore", "delete"] as const) {
      const changed = await recordedBy(() => listings.change(agent, `AU-${dialect}-2`, action));
      expect(changed, action).toMatchObject([
        { action: `listing.${action}`, subject_id: `AU-${dialect}-2` },
      ]);
    }
    const unchanged = await recordedBy(() => listings.change(agent, `AU-${dialect}`, "unpublish"));
    expect(unchanged).toEqual([]);
    // A new code: the event names the listing by it and shows the change (decision 069).
    const current = await listings.open(agent, `AU-${dialect}`);
    const renamed = await recordedBy(() =>
      listings.save(agent, `AU-${dialect}`, current!.revision, {
        ...current!.values,
        code: `AU-${dialect}-R`,
      }),
    );
    expect(renamed).toMatchObject([{ action: "listing.save", subject_id: `AU-${dialect}-R` }]);
    expect(renamed[0]?.detail).toEqual({
      changes: { code: { before: `AU-${dialect}`, after: `AU-${dialect}-R` } },
    });
  });

  it("records each write of the inbox, and a data request without the address", async () => {
    const { enquiries } = services();
    const [listing] = await listAllPropertyRows(db);
    const address = `Private.Person-${dialect}@example.com`;
    const { id } = await insertEnquiry(db, {
      ...buildPropertyEnquiry(listing!.code, { email: address }),
      ip: "127.0.0.1",
    });
    const status = await recordedBy(() =>
      enquiries.change(agent, id, { kind: "status", status: "closed" }),
    );
    expect(status).toMatchObject([
      {
        action: "enquiry.status",
        subject_type: "enquiry",
        subject_id: String(id),
        detail: { changes: { status: { before: "new", after: "closed" } } },
      },
    ]);
    const assigned = await recordedBy(() =>
      enquiries.change(agent, id, { kind: "assign", assigneeId: agent.user.id }),
    );
    expect(assigned).toMatchObject([
      {
        action: "enquiry.assign",
        detail: { changes: { assignee: { before: null, after: agent.user.email } } },
      },
    ]);
    const noted = await recordedBy(() =>
      enquiries.change(agent, id, { kind: "note", body: "Rang back" }),
    );
    expect(noted).toMatchObject([{ action: "enquiry.note", detail: { noteLength: 9 } }]);
    const exported = await recordedBy(() => enquiries.exportData(owner, address));
    expect(exported).toMatchObject([
      { action: "data-request.export", subject_id: null, detail: { enquiries: 1 } },
    ]);
    const erased = await recordedBy(() => enquiries.eraseData(owner, address));
    expect(erased).toMatchObject([
      { action: "data-request.erase", actor_email: owner.user.email, detail: { deleted: 1 } },
    ]);
    const text = JSON.stringify(await events()).toLowerCase();
    expect(text).not.toContain(address.toLowerCase());
    expect(text).not.toContain("private.person");
  });

  it("records the client address of the request a write came in, and none outside one", async () => {
    const { staff, enquiries, audit } = services();
    const inRequest = await recordedBy(() =>
      withAuditClientAddress("198.51.100.23", () =>
        staff.invite(owner, { email: `from-${dialect}@example.com`, role: "agent" }),
      ),
    );
    expect(inRequest).toMatchObject([{ action: "staff.invite", client_address: "198.51.100.23" }]);
    const { id } = await insertEnquiry(db, { ...buildPropertyEnquiry("HP-1001"), ip: "127.0.0.1" });
    const changed = await recordedBy(() =>
      withAuditClientAddress("2001:db8::7", () =>
        enquiries.change(agent, id, { kind: "status", status: "in_progress" }),
      ),
    );
    expect(changed).toMatchObject([{ action: "enquiry.status", client_address: "2001:db8::7" }]);
    const outside = await recordedBy(() =>
      purgeEnquiriesBefore(db, { cutoff: new Date(Date.now() + 60_000), dialect }),
    );
    expect(outside.every((event) => event.client_address === null)).toBe(true);
    const page = await audit.list(owner, { actor: "", subject: "", from: "", to: "" });
    expect(page.rows.find((row) => row.action === "staff.invite")?.clientAddress).toBe(
      "198.51.100.23",
    );
  });

  it("records the retention purge as `retention`, with a count", async () => {
    await insertEnquiry(db, { ...buildPropertyEnquiry("HP-1001"), ip: "127.0.0.1" });
    const purged = await recordedBy(() =>
      purgeEnquiriesBefore(db, { cutoff: new Date(Date.now() + 60_000), dialect }),
    );
    expect(purged.length).toBeGreaterThan(0);
    expect(purged[0]).toMatchObject({
      action: "enquiry.purge",
      actor_id: null,
      actor_email: retentionActor,
    });
    expect(Number(purged[0]?.detail.deleted)).toBeGreaterThan(0);
  });

  it("records the content and users commands as `cli`", async () => {
    const io = {
      stdout() {},
      stderr() {},
      env: { DATABASE_URL: test.url, IMAGE_DIR: createTestImageDir(), LOG_LEVEL: "silent" },
      cwd: process.cwd(),
      contentChanged: async () => {},
    };
    const [listing] = (await listAllPropertyRows(db)).filter(
      (row) => row.publish === 1 || row.publish === true,
    );
    const unpublished = await recordedBy(() => runContentCli(["unpublish", listing!.code], io));
    expect(unpublished).toMatchObject([
      {
        action: "listing.unpublish",
        actor_id: null,
        actor_email: cliActor,
        subject_id: listing!.code,
      },
    ]);
    const collection = await recordedBy(() =>
      runContentCli(["collection", "set", "Product Layout 1", listing!.code], io),
    );
    expect(collection).toMatchObject([{ action: "collection.set", actor_email: cliActor }]);
    const row = buildPropertyImportRow();
    const folder = mkdtempSync(join(tmpdir(), "audit-import-"));
    const file = join(folder, "rows.csv");
    const importRow = async (values: Record<string, string>) => {
      writeFileSync(file, formatCsv(Object.keys(values), [Object.values(values)]));
      return recordedBy(() => runContentCli(["import", file], io));
    };
    expect(await importRow(row)).toMatchObject([
      {
        action: "listing.import",
        actor_email: cliActor,
        subject_id: row.code,
        detail: { result: "inserted" },
      },
    ]);
    const updated = await importRow({ ...row, price: "999000" });
    expect(updated).toMatchObject([{ action: "listing.import", detail: { result: "updated" } }]);
    expect(updated[0]?.detail.fields).toContain("price");
    expect(updated[0]?.detail.fields).not.toContain("headline");
    expect(await importRow({ ...row, price: "999000" })).toEqual([]);
    const users = await recordedBy(() =>
      runUsersCli(["add", "--agent", `cli-${dialect}@example.com`], {
        stdout() {},
        stderr() {},
        databaseUrl: test.url,
        siteUrl: "https://homes.example.com",
      }),
    );
    expect(users).toMatchObject([
      {
        action: "staff.add",
        actor_email: cliActor,
        detail: { email: `cli-${dialect}@example.com` },
      },
    ]);
  });

  it("keeps no write without its event: a failed record rolls the write back", async () => {
    const other = await createTestDatabase(dialect, { seed: true });
    try {
      const listings = createAdminListings({
        database: other.handle,
        store: createFilesystemPhotoStore(createTestImageDir()),
        log: silent,
      });
      const [row] = (await listAllPropertyRows(other.handle.db)).filter(
        (item) => item.publish === 1 || item.publish === true,
      );
      await other.handle.db.schema.dropTable("audit_event").execute();
      await expect(listings.change(owner, row!.code, "unpublish")).rejects.toThrow();
      const after = await other.handle.db
        .selectFrom("property")
        .select("publish")
        .where("code", "=", row!.code)
        .executeTakeFirstOrThrow();
      expect(Number(after.publish)).toBe(1);
    } finally {
      await other.drop();
    }
  });
});
