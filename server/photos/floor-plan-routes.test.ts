/**
 * The floor-plan form of the photo manager's page through the app (decision 052's addendum) on
 * both dialects: signed-out posts and posts without the form token are refused; a form posted
 * without JavaScript uploads an image and a PDF (a refused file named beside the field), the
 * page lists them, and the public page's Floor Plans tab shows them at once, page cache warm.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { buildPdfBytes, buildPhotoBytes } from "../../tests/support/factories.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
} from "../staff/testing.ts";
import { type PostedFile, postMultipart } from "./testing.ts";

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

  let taken = 0;
  async function publishedListing() {
    const rows = (await listAllPropertyRows(database.handle.db)).filter(
      (row) => row.publish === 1 || row.publish === true,
    );
    const row = rows[taken++];
    if (!row) throw new Error("the seed has too few published listings");
    return row;
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, {
      CONTACT_RATE_LIMIT: "off",
      PAGE_CACHE_TTL: "600",
    }));
    const { email, password } = await createStaffMember(app, "agent");
    agent = adminBrowser(app);
    expect((await agent.signIn(email, password)).headers.location).toBe("/admin/");
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
    expect(listed.body).toContain(">Lower ground 2<");

    const pdfFile = await app.inject({ method: "GET", url: `/images/property/${sha(pdf)}.pdf` });
    expect(pdfFile.statusCode).toBe(200);
    expect(pdfFile.headers["content-type"]).toBe("application/pdf");

    const after = await app.inject({ method: "GET", url: `/property/${slug}` });
    expect(after.body).toContain(`${sha(image)}.png`);
    expect(after.body).toContain(`${sha(pdf)}.pdf`);
    expect(after.body).toContain("Lower ground 2");
  });
});
