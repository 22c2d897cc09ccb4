/**
 * The floor-plan form of the photo manager's page through the app (decision 052's addendum) on
 * both dialects: signed-out posts and posts without the form token are refused; a form posted
 * without JavaScript uploads an image and a PDF (a refused file named beside the field), the
 * page lists them, and the public page's Floor Plans tab shows them at once, page cache warm.
 * The plans form (decision 052's second addendum) saves labels, a removal and a one-step move
 * without JavaScript, audited and shown at once; a stale save is refused and the page shows
 * what was posted again; the uploader's endpoint takes a plan sent with JavaScript.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditEvents } from "../../db/queries/audit.ts";
import { listFloorPlans } from "../../db/queries/floor-plan.ts";
import { findPropertyRowByCode } from "../../db/queries/property.ts";
import { buildPdfBytes, buildPhotoBytes } from "../../tests/support/factories.ts";
import {
  formFields,
  type PostedFile,
  postForm,
  postMultipart,
} from "../../tests/support/photos.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createSignedInBackOffice,
  formTokenOf,
  publishedListings,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const plan = (name: string, type: string, bytes: Buffer): PostedFile => ({
  field: "floor-plans",
  name,
  type,
  bytes,
});

describe.each(testDialects)("the floor-plan form on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let agent: AdminBrowser;

  const publishedListing = publishedListings(() => database);

  beforeAll(async () => {
    ({ app, database, agent } = await createSignedInBackOffice(dialect));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("refuses a signed-out post and a post without the form token", async () => {
    const { code } = await publishedListing();
    const url = `/admin/listings/${code}/photos`;
    const files = [plan("plan.pdf", "application/pdf", buildPdfBytes())];
    const stranger = adminBrowser(app);
    const csrf = await stranger.tokenFrom("/admin/sign-in");
    const signedOut = await postMultipart(
      app,
      stranger,
      url,
      { csrf, intent: "floor-plans" },
      files,
    );
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe("/admin/sign-in");
    const forged = await postMultipart(
      app,
      agent,
      url,
      { csrf: "forged", intent: "floor-plans" },
      files,
    );
    expect(forged.statusCode).toBe(403);
    const missing = await postMultipart(app, agent, url, { intent: "floor-plans" }, files);
    expect(missing.statusCode).toBe(403);
    const stored = await agent.get(url);
    expect(stored.body).not.toContain(sha(buildPdfBytes()));
  });

  it("uploads an image and a PDF without JavaScript; the public Floor Plans tab shows them at once", async () => {
    const { code, slug } = await publishedListing();
    const before = await app.inject({ method: "GET", url: `/property/${slug}` });
    expect(before.statusCode).toBe(200);
    const page = await agent.get(`/admin/listings/${code}/photos`);
    expect(page.body).toContain('id="floor-plans-title"');
    const csrf = formTokenOf(page.body);
    const image = await buildPhotoBytes({ width: 400, height: 300, format: "png" });
    const pdf = buildPdfBytes(`${dialect} route`);
    const answer = await postMultipart(
      app,
      agent,
      `/admin/listings/${code}/photos`,
      { csrf, intent: "floor-plans", "floor-plan-label": "Lower ground" },
      [
        plan("lower.png", "image/png", image),
        plan("lower.pdf", "application/pdf", pdf),
        plan("notes.html", "text/html", Buffer.from("<html><script>1</script></html>")),
      ],
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("notes.html is not a JPEG, PNG, WebP, AVIF or PDF file.");
    expect(answer.body).toContain('id="floor-plan-files-error"');
    expect(answer.body).toContain("2 floor plans are uploaded");

    const listed = await agent.get(`/admin/listings/${code}/photos`);
    expect(listed.body).toContain(`${sha(image)}.png`);
    expect(listed.body).toMatch(/name="plan-label-\d+" value="Lower ground 2"/);

    const pdfFile = await app.inject({ method: "GET", url: `/images/property/${sha(pdf)}.pdf` });
    expect(pdfFile.statusCode).toBe(200);
    expect(pdfFile.headers["content-type"]).toBe("application/pdf");

    const after = await app.inject({ method: "GET", url: `/property/${slug}` });
    expect(after.body).toContain(`${sha(image)}.png`);
    expect(after.body).toContain(`${sha(pdf)}.pdf`);
    expect(after.body).toContain("Lower ground 2");
  });

  it("saves labels, a removal and a move without JavaScript; the public tab shows them at once; a stale save keeps what was posted", async () => {
    const { code, slug } = await publishedListing();
    const url = `/admin/listings/${code}/photos`;
    await agent.get(`/property/${slug}`);
    const pdfs = ["a", "b", "c"].map((letter) => buildPdfBytes(`${dialect} order ${letter}`));
    const csrf = formTokenOf((await agent.get(url)).body);
    // The uploader's endpoint, as the page's script sends each plan.
    for (const [index, bytes] of pdfs.entries()) {
      const sent = await postMultipart(app, agent, `${url}/upload`, { csrf }, [
        plan(`${index}.pdf`, "application/pdf", bytes),
      ]);
      expect(sent.statusCode).toBe(200);
      expect(JSON.parse(sent.body)).toMatchObject({ ok: true, results: [{ ok: true }] });
    }
    const [a, b, c] = pdfs.map((bytes) => `${sha(bytes)}.pdf`) as [string, string, string];
    const page = await agent.get(url);
    const fields = formFields(page.body, "floor-plans-list-title");
    const files = fields.filter(([field]) => field === "plan").map(([, value]) => value);
    expect(files.slice(-3)).toEqual([a, b, c]);
    const at = files.length - 3;
    const posted = new URLSearchParams(fields);
    // The last moves one step up (before b) and the first goes: c, b.
    posted.set(`plan-label-${at + 1}`, "Attic");
    posted.set(`plan-label-${at + 2}`, "Cellar");
    posted.append("plan-remove", a);
    posted.set("plan-move", `${c}:up`);
    const saved = await postForm(app, agent, url, posted);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toMatch(new RegExp(`^${url}\\?done=plan-moved&at=\\d+$`));
    const row = await findPropertyRowByCode(database.handle.db, code);
    const stored = await listFloorPlans(database.handle.db, row?.id ?? -1);
    expect(stored.slice(-2)).toEqual([
      { label: "Cellar", file: c, kind: "pdf" },
      { label: "Attic", file: b, kind: "pdf" },
    ]);
    expect(stored.map((one) => one.file)).not.toContain(a);
    const events = await listAuditEvents(
      database.handle.db,
      { subject: code, action: "listing.floor-plans-save", actor: "", from: "", to: "" },
      5,
    );
    expect(events.rows[0]?.detail).toMatchObject({ removed: [a] });

    const done = await agent.get(`${url}?done=plan-moved`);
    expect(done.body).toContain("The floor plan is moved and saved.");
    const publicPage = await app.inject({ method: "GET", url: `/property/${slug}` });
    const tab = publicPage.body.slice(publicPage.body.indexOf(">Cellar<") - 2000);
    expect(tab.indexOf(">Cellar<")).toBeLessThan(tab.indexOf(">Attic<"));
    expect(publicPage.body).not.toContain(a);

    // The same form again is stale: refused with the posted labels shown over the stored plans.
    posted.delete("plan-move");
    posted.set(`plan-label-${at + 1}`, "Loft");
    const stale = await postForm(app, agent, url, posted);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("so the floor plans were not saved");
    expect(stale.body).toContain('value="Loft"');
    expect((await listFloorPlans(database.handle.db, row?.id ?? -1)).slice(-2)).toEqual(
      stored.slice(-2),
    );
  });
});
