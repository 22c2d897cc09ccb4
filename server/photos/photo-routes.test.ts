/**
 * The photo manager's pages through the app (decision 056) on both dialects: signed-out
 * requests and posts without the form token are refused before a large body is read; the page
 * lists the photos; a form posted without JavaScript uploads several files (refusals named
 * beside the field) and saves order, cover, alt text and removals (a move button one step at
 * a time); a save over a colleague's merges photo by photo, asking where both changed one
 * photo's alt text (a page posting no base is refused with 409); the uploader's endpoint answers JSON; the public
 * page shows the new cover and its alt text at once, page cache warm.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPropertyRowByCode } from "../../db/queries/property.ts";
import { photoLimits } from "../../lib/admin-photos.ts";
import { buildPhonePhotoBytes, buildPhotoBytes } from "../../tests/support/factories.ts";
import {
  expectNoPrivateMetadata,
  formFields,
  type PostedFile,
  postForm,
  postMultipart,
} from "../../tests/support/photos.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createSignedInBackOffice,
  createStaffMember,
  formTokenOf,
  publishedListings,
  signInFor,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const jpeg = (name: string, bytes: Buffer): PostedFile => ({
  field: "photos",
  name,
  type: "image/jpeg",
  bytes,
});

describe.each(testDialects)("the photo manager's pages on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let agent: AdminBrowser;

  const publishedListing = publishedListings(() => database);

  /** A second member of staff, signed in in their own browser. */
  async function signedInColleague() {
    const { email, password } = await createStaffMember(app, "agent");
    const browser = adminBrowser(app);
    await browser.signIn(email, password);
    return { email, browser };
  }

  beforeAll(async () => {
    ({ app, database, agent } = await createSignedInBackOffice(dialect));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("refuses signed-out requests, and large posts before reading them", async () => {
    const { code } = await publishedListing();
    const page = await app.inject({ method: "GET", url: `/admin/listings/${code}/photos` });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(signInFor(`/admin/listings/${code}/photos`));
    const stranger = adminBrowser(app);
    const csrf = await stranger.tokenFrom("/admin/sign-in");
    const bytes = await buildPhotoBytes();
    const small = await postMultipart(
      app,
      stranger,
      `/admin/listings/${code}/photos/upload`,
      { csrf },
      [jpeg("a.jpg", bytes)],
    );
    expect(small.statusCode).toBe(302);
    // Over the site's form limit, a stranger's post is refused unread.
    const large = await postMultipart(
      app,
      stranger,
      `/admin/listings/${code}/photos/upload`,
      { csrf },
      [jpeg("big.jpg", Buffer.alloc(200 * 1024, 1))],
    );
    expect(large.statusCode).toBe(413);
    // Signed in, a post without the form token is refused.
    const forged = await postMultipart(
      app,
      agent,
      `/admin/listings/${code}/photos/upload`,
      { csrf: "forged" },
      [jpeg("a.jpg", bytes)],
    );
    expect(forged.statusCode).toBe(403);
    const signedInLarge = await postMultipart(
      app,
      agent,
      `/admin/listings/${code}/photos/upload`,
      { csrf: "x" },
      [jpeg("big.jpg", Buffer.alloc(photoLimits.maxPostBytes + 1, 1))],
    );
    expect(signedInLarge.statusCode).toBe(413);
    expect(signedInLarge.body).toContain("The files are too large together");
  });

  it("uploads several photos from a form without JavaScript, naming the refused ones", async () => {
    const { code } = await publishedListing();
    const page = await agent.get(`/admin/listings/${code}/photos`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Photos of ${code}`);
    expect(page.body.toLowerCase()).toContain('enctype="multipart/form-data"');
    const csrf = formTokenOf(page.body);
    const one = await buildPhotoBytes({ color: "#123456" });
    const two = await buildPhotoBytes({ color: "#654321" });
    const answer = await postMultipart(
      app,
      agent,
      `/admin/listings/${code}/photos`,
      { csrf, intent: "upload" },
      [jpeg("one.jpg", one), jpeg("two.jpg", two), jpeg("notes.jpg", Buffer.from("not a photo"))],
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("notes.jpg is not a JPEG, PNG, WebP or AVIF image.");
    expect(answer.body).toContain('id="photo-files-error"');
    expect(answer.body).toContain("2 photos are uploaded.");
    const row = await findPropertyRowByCode(database.handle.db, code);
    expect(row?.image_list).toContain(`${sha(one)}.jpg`);
    expect(row?.image_list).toContain(`${sha(two)}.jpg`);
    const image = await app.inject({ method: "GET", url: `/images/property/${sha(one)}.jpg` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
  });

  it("answers the uploader's posts as JSON", async () => {
    const { code } = await publishedListing();
    const csrf = formTokenOf((await agent.get(`/admin/listings/${code}/photos`)).body);
    const bytes = await buildPhotoBytes({ color: "#0f0f0f" });
    const answer = await postMultipart(
      app,
      agent,
      `/admin/listings/${code}/photos/upload`,
      { csrf },
      [jpeg("kitchen.jpg", bytes)],
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      ok: true,
      results: [{ ok: true, name: "kitchen.jpg", file: `${sha(bytes)}.jpg`, duplicate: false }],
    });
    const refused = await postMultipart(
      app,
      agent,
      `/admin/listings/${code}/photos/upload`,
      { csrf },
      [jpeg("small.jpg", await buildPhotoBytes({ width: 320, height: 200 }))],
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().results[0].message).toBe(
      "small.jpg is 320 × 200 pixels; a photo must be at least 640 × 400.",
    );
  });

  it("stores an uploaded photo and floor plan without their GPS position and owner, upright", async () => {
    const { code } = await publishedListing();
    const csrf = formTokenOf((await agent.get(`/admin/listings/${code}/photos`)).body);
    // Lying on its side, shown 1200 × 800.
    const photo = await buildPhonePhotoBytes({ width: 800, height: 1200 });
    const plan = await buildPhonePhotoBytes({ width: 300, height: 500 });
    for (const [field, bytes] of [
      ["photos", photo],
      ["floor-plans", plan],
    ] as const) {
      const answer = await postMultipart(
        app,
        agent,
        `/admin/listings/${code}/photos/upload`,
        { csrf },
        [{ field, name: "IMG_0001.JPG", type: "image/jpeg", bytes }],
      );
      expect(answer.statusCode, field).toBe(200);
      // Named as the bytes uploaded: the same photo again is the same file.
      expect(answer.json().results[0].file).toBe(`${sha(bytes)}.jpg`);
      const served = await app.inject({ url: `/images/property/${sha(bytes)}.jpg` });
      expect(served.statusCode).toBe(200);
      await expectNoPrivateMetadata(served.rawPayload, {
        width: bytes === photo ? 1200 : 500,
        height: bytes === photo ? 800 : 300,
      });
    }
  });

  it("saves order, cover, alt text and removals; the public page shows them at once", async () => {
    const { code, slug, cover_image: oldCover } = await publishedListing();
    // The public page is in the page cache before the change.
    const before = await app.inject({ method: "GET", url: `/property/${slug}` });
    expect(before.statusCode).toBe(200);
    const csrf = formTokenOf((await agent.get(`/admin/listings/${code}/photos`)).body);
    const bytes = await buildPhotoBytes({ color: "#abcdef" });
    const name = `${sha(bytes)}.jpg`;
    await postMultipart(app, agent, `/admin/listings/${code}/photos/upload`, { csrf }, [
      jpeg("garden.jpg", bytes),
    ]);
    const page = await agent.get(`/admin/listings/${code}/photos`);
    const fields = formFields(page.body, "photos-list-title");
    const files = fields.filter(([field]) => field === "photo").map(([, value]) => value);
    expect(files.at(-1)).toBe(name);
    const index = files.indexOf(name);
    const posted = new URLSearchParams(
      fields.map(([field, value]): [string, string] =>
        field === "cover" ? ["cover", name] : [field, value],
      ),
    );
    posted.set(`alt-${index}`, "The garden in June");
    posted.append("remove", oldCover);
    const save = (body: URLSearchParams) =>
      postForm(app, agent, `/admin/listings/${code}/photos`, body);
    const saved = await save(posted);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toMatch(
      new RegExp(`^/admin/listings/${code}/photos\\?done=saved&at=\\d+$`),
    );
    const row = await findPropertyRowByCode(database.handle.db, code);
    expect(row?.cover_image).toBe(name);
    expect(row?.image_list).toContain('"alt":"The garden in June"');
    expect(row?.image_list).not.toContain(`"${oldCover}"`);

    const after = await app.inject({ method: "GET", url: `/property/${slug}` });
    expect(after.body).toContain(name);
    expect(after.body).toContain('alt="The garden in June');

    // The same form again, over the revision it moved on to, merges: nothing of it differs
    // from what is stored now, so nothing changes.
    const again = await save(posted);
    expect(again.statusCode).toBe(302);
    expect(await findPropertyRowByCode(database.handle.db, code)).toMatchObject({
      cover_image: name,
      image_list: row?.image_list,
    });
    // A page from before the base existed posts none: a stale save of it is refused.
    posted.delete("base");
    const stale = await save(posted);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("Someone changed this listing");
  });

  it("merges a colleague's alt texts with mine, and asks where both changed one photo's", async () => {
    const { code } = await publishedListing();
    const colleague = await signedInColleague();
    const mineFields = formFields(
      (await agent.get(`/admin/listings/${code}/photos`)).body,
      "photos-list-title",
    );
    const theirFields = formFields(
      (await colleague.browser.get(`/admin/listings/${code}/photos`)).body,
      "photos-list-title",
    );
    const files = mineFields.filter(([field]) => field === "photo").map(([, value]) => value);
    expect(files.length).toBeGreaterThan(2);
    const withAlts = (fields: [string, string][], alts: Record<number, string>) => {
      const body = new URLSearchParams(fields);
      for (const [index, alt] of Object.entries(alts)) body.set(`alt-${index}`, alt);
      return body;
    };
    const url = `/admin/listings/${code}/photos`;
    // The colleague saves the alt texts of photos 1 and 2.
    expect(
      (
        await postForm(
          app,
          colleague.browser,
          url,
          withAlts(theirFields, { 0: "Their front", 1: "Their kitchen" }),
        )
      ).statusCode,
    ).toBe(302);
    // Mine, from the page opened before: photo 1 (theirs too) and photo 3 (only mine).
    const mine = withAlts(mineFields, { 0: "My front", 2: "My garden" });
    const refused = await postForm(app, agent, url, mine);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(
      "Not saved yet: you and a colleague both changed the alt text of 1 photo",
    );
    expect(refused.body).toContain(`${colleague.email} at `);
    expect(refused.body).toContain(`name="keep-alt:${files[0]}" value="mine"`);
    expect(refused.body).toContain("Their front");
    // Every alt text typed is still on the page: mine where they did not change it, theirs kept.
    const shown = formFields(refused.body, "photos-list-title");
    expect(shown).toContainEqual(["alt-0", "My front"]);
    expect(shown).toContainEqual(["alt-1", "Their kitchen"]);
    expect(shown).toContainEqual(["alt-2", "My garden"]);
    expect((await findPropertyRowByCode(database.handle.db, code))?.image_list).not.toContain(
      "My garden",
    );

    const chosen = new URLSearchParams(shown);
    chosen.set(`keep-alt:${files[0]}`, "mine");
    const saved = await postForm(app, agent, url, chosen);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toMatch(/\?done=merged&at=\d+$/);
    const row = await findPropertyRowByCode(database.handle.db, code);
    expect(row?.image_list).toContain('"alt":"My front"');
    expect(row?.image_list).toContain('"alt":"Their kitchen"');
    expect(row?.image_list).toContain('"alt":"My garden"');
    const notice = await agent.get(saved.headers.location as string);
    expect(notice.body).toContain(`${colleague.email} at `);
    expect(notice.body).toContain("saved these photos while you were working on them");
  });

  it("moves a photo one step with a move button, without JavaScript", async () => {
    const { code } = await publishedListing();
    const csrf = formTokenOf((await agent.get(`/admin/listings/${code}/photos`)).body);
    await postMultipart(app, agent, `/admin/listings/${code}/photos/upload`, { csrf }, [
      jpeg("x.jpg", await buildPhotoBytes({ color: "#aa0000" })),
    ]);
    const page = await agent.get(`/admin/listings/${code}/photos`);
    const fields = formFields(page.body, "photos-list-title");
    const files = fields.filter(([field]) => field === "photo").map(([, value]) => value);
    expect(files.length).toBeGreaterThan(1);
    const last = files.at(-1) as string;
    const body = new URLSearchParams(fields);
    body.set("move", `${last}:up`);
    const moved = await postForm(app, agent, `/admin/listings/${code}/photos`, body);
    expect(moved.headers.location).toMatch(
      new RegExp(`^/admin/listings/${code}/photos\\?done=moved&at=\\d+$`),
    );
    const row = await findPropertyRowByCode(database.handle.db, code);
    const order = (JSON.parse(row?.image_list ?? "[]") as { imageUrl: string }[]).map(
      (item) => item.imageUrl,
    );
    expect(order.at(-2)).toBe(last);
  });
});
