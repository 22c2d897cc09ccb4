/**
 * The site-content pages through the app (decision 057), on both dialects: every page for an
 * agent but the profile (owners only); an image form posted as multipart with a picture
 * larger than other forms may send, its slider on the public home page at once (page cache
 * warm); the larger body accepted only on the image forms; posts without the form token
 * refused; a refused form answered with its messages beside the fields; a category in use
 * removed in two steps (where its listings go, then how many and where), its refusals, and the
 * public listing pages showing the listings in their new category at once (page cache warm).
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../db/database.ts";
import { listCategoryUses } from "../../db/queries/category.ts";
import { categoryMoveProblems } from "../../lib/admin-content.ts";
import {
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { siteFormBodyLimit } from "../plugins/site-requests.ts";

/** A PNG of noise (so it does not compress): larger than an ordinary form's limit. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A multipart body as a browser posts it. */
async function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") ?? "",
  };
}

describe.each(testDialects)("the site-content pages on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  async function signedIn(role: StaffRole) {
    const { email, password } = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
    return browser;
  }

  async function postMultipart(
    browser: ReturnType<typeof adminBrowser>,
    url: string,
    fields: Record<string, string | File>,
  ) {
    const { payload, contentType } = await multipart(fields);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return app.inject({
      method: "POST",
      url,
      headers: { "content-type": contentType, cookie },
      payload,
    });
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, {
      CONTACT_RATE_LIMIT: "off",
      PAGE_CACHE_TTL: "600",
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("shows every content page to an agent but the profile, which is for owners", async () => {
    const agent = await signedIn("agent");
    const home = await agent.get("/admin/");
    for (const path of ["sliders", "collections", "amenities", "categories"]) {
      expect(home.body, path).toContain(`href="/admin/${path}"`);
      expect((await agent.get(`/admin/${path}`)).statusCode, path).toBe(200);
    }
    expect(home.body).not.toContain('href="/admin/profile"');
    expect((await agent.get("/admin/collections/1")).statusCode).toBe(200);
    expect((await agent.get("/admin/collections/4")).statusCode).toBe(404);
    expect((await agent.get("/admin/profile")).statusCode).toBe(403);
    const csrf = formTokenOf(home.body);
    expect((await agent.post("/admin/profile", { csrf, business_name: "Taken" })).statusCode).toBe(
      403,
    );
    const owner = await signedIn("owner");
    const profile = await owner.get("/admin/profile");
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('name="business_name"');
  });

  it("adds a slider from a multipart post and the home page shows it at once", async () => {
    const agent = await signedIn("agent");
    const before = await app.inject({ method: "GET", url: "/" });
    expect(before.body).not.toContain("Spring lettings open");
    const image = await noisyPng(1300, 420);
    expect(image.length).toBeGreaterThan(siteFormBodyLimit);
    const csrf = await agent.tokenFrom("/admin/sliders/new");
    const added = await postMultipart(agent, "/admin/sliders/new", {
      csrf,
      title: "Spring lettings open",
      link: "/property",
      image: new File([new Uint8Array(image)], "spring.png", { type: "image/png" }),
    });
    expect(added.statusCode).toBe(302);
    expect(added.headers.location).toMatch(/^\/admin\/sliders\?done=added&id=\d+$/);
    const after = await app.inject({ method: "GET", url: "/" });
    expect(after.body).toContain("Spring lettings open");
    const list = await agent.get(added.headers.location as string);
    expect(list.body).toContain("is added last");
    expect(list.body).toMatch(/src="\/images\/sliders\/spring-[0-9a-f]{12}\.png"/);
  });

  it("refuses a large body on other forms, and an image form without its token", async () => {
    const agent = await signedIn("agent");
    const image = new File([new Uint8Array(await noisyPng(1300, 420))], "big.png");
    const csrf = await agent.tokenFrom("/admin/sliders/new");
    const elsewhere = await postMultipart(agent, "/admin/listings/new", { csrf, image });
    expect(elsewhere.statusCode).toBe(413);
    const forged = await postMultipart(agent, "/admin/sliders/new", {
      csrf: "forged",
      title: "Forged",
      link: "/",
      image,
    });
    expect(forged.statusCode).toBe(403);
  });

  it("answers a refused slider with its messages beside the fields, values kept", async () => {
    const agent = await signedIn("agent");
    const csrf = await agent.tokenFrom("/admin/sliders/new");
    const refused = await postMultipart(agent, "/admin/sliders/new", {
      csrf,
      title: "Kept as typed",
      link: "//elsewhere.example",
      image: new File(["plain text"], "notes.txt", { type: "text/plain" }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="Kept as typed"');
    expect(refused.body).toMatch(
      /id="slider-link"[^>]*aria-invalid="true"[^>]*aria-describedby="slider-link-hint slider-link-error"/,
    );
    expect(refused.body).toContain("Link must be a path on this site");
    expect(refused.body).toContain("Image The file is not an image");
  });

  it("reorders a collection without JavaScript: each button answers the form, Save saves", async () => {
    const agent = await signedIn("agent");
    const page = await agent.get("/admin/collections/2");
    const codes = [...page.body.matchAll(/name="code" value="([^"]+)"/g)].map((match) => match[1]!);
    expect(codes.length).toBeGreaterThan(1);
    const version = /name="version" value="([^"]*)"/.exec(page.body)?.[1] ?? "";
    const csrf = formTokenOf(page.body);
    const form = (intent: string, list: string[]) => {
      const body = new URLSearchParams({ csrf, version, intent, q: "" });
      for (const code of list) body.append("code", code);
      return app.inject({
        method: "POST",
        url: "/admin/collections/2",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
        payload: body.toString(),
      });
    };
    const moved = await form(`up:${codes[1]}`, codes);
    expect(moved.statusCode).toBe(200);
    const order = [...moved.body.matchAll(/name="code" value="([^"]+)"/g)].map((match) => match[1]);
    expect(order).toEqual([codes[1], codes[0], ...codes.slice(2)]);
    // Nothing is saved until Save.
    const home = await app.inject({ method: "GET", url: "/admin/collections" });
    expect(home.statusCode).toBe(302);
    const before = await agent.get("/admin/collections/2");
    expect([...before.body.matchAll(/name="code" value="([^"]+)"/g)].map((m) => m[1])).toEqual(
      codes,
    );
    const saved = await form("save", order as string[]);
    expect(saved.statusCode).toBe(302);
    const after = await agent.get("/admin/collections/2");
    expect([...after.body.matchAll(/name="code" value="([^"]+)"/g)].map((m) => m[1])).toEqual(
      order,
    );
    // A second save from the first page's version is refused: someone saved since.
    const stale = await form("save", codes);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("Save mine over it");
  });

  it("renames a category and the property pages' sidebar shows the new name at once", async () => {
    const agent = await signedIn("agent");
    const page = await agent.get("/admin/categories");
    const row = /name="id" value="(\d+)"[\s\S]*?name="title"[^>]*value="Apartment[s]?"/.exec(
      page.body,
    );
    const id = row?.[1];
    expect(id).toBeDefined();
    const code = await database.handle.db
      .selectFrom("property")
      .select("code")
      .where("publish", "=", 1)
      .where("archived_at", "is", null)
      .executeTakeFirstOrThrow();
    const url = `/property/${code.code}`;
    await app.inject({ method: "GET", url });
    const renamed = await agent.post("/admin/categories", {
      csrf: formTokenOf(page.body),
      intent: "rename",
      id: id ?? "",
      title: "Flats and apartments",
    });
    expect(renamed.statusCode).toBe(302);
    expect(renamed.headers.location).toContain("done=renamed");
    const property = await app.inject({ method: "GET", url });
    expect(property.body).toContain("Flats and apartments");
  });

  it("removes a category in use by moving its listings: choose, confirm, on the public site at once", async () => {
    const agent = await signedIn("agent");
    const db = database.handle.db;
    const csrf = await agent.tokenFrom("/admin/categories");
    expect(
      (await agent.post("/admin/categories", { csrf, intent: "add", title: "Lock-ups" }))
        .statusCode,
    ).toBe(302);
    const uses = await listCategoryUses(db);
    const from = uses.find((category) => category.title === "Garages");
    const target = uses.find((category) => category.title === "Lock-ups");
    if (!from || !target || from.listings === 0) throw new Error("the seed has garages");
    const moving = await db
      .selectFrom("property")
      .select(["code", "headline", "publish"])
      .where("category_id", "=", from.id)
      .execute();
    const shown = moving.find((row) => row.publish === 1 || row.publish === true);
    if (!shown) throw new Error("the seed publishes a garage");
    const count = `${from.listings} listing${from.listings === 1 ? "" : "s"}`;

    // Step one: where they go, a GET form of the other categories and none.
    const choose = await agent.get(`/admin/categories?remove=${from.id}`);
    expect(choose.statusCode).toBe(200);
    expect(choose.body).toContain(
      `${count} ${from.listings === 1 ? "is" : "are"} in this category.`,
    );
    expect(choose.body).toMatch(
      /<form class="[^"]*" [^>]*action="\/admin\/categories" method="get">/,
    );
    expect(choose.body).toContain(`<option value="${target.id}">Lock-ups</option>`);
    expect(choose.body).toContain('<option value="none">No category</option>');
    expect(choose.body).not.toContain(`<option value="${from.id}">`);
    const itself = await agent.get(`/admin/categories?remove=${from.id}&to=${from.id}`);
    expect(itself.body).toContain(categoryMoveProblems.itself);
    expect(itself.body).toMatch(/id="category-move-to"[^>]*aria-invalid="true"/);

    // Step two: the confirmation names how many and where.
    const confirm = await agent.get(`/admin/categories?remove=${from.id}&to=${target.id}`);
    expect(confirm.body).toContain(`Move ${count} to “Lock-ups” and remove “Garages”?`);
    // What its form posts, as a browser without JavaScript would: its fields and its button.
    const form =
      /<form[^>]*action="\/admin\/categories" method="post">([\s\S]*?)<\/form>/.exec(
        confirm.body,
      )?.[1] ?? "";
    const hidden = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)];
    const fields = {
      ...Object.fromEntries(hidden.map((match) => [match[1] as string, match[2] as string])),
      intent: "remove",
    };
    expect(fields).toEqual({
      csrf: formTokenOf(confirm.body),
      id: String(from.id),
      title: "Garages",
      to: String(target.id),
      listings: String(from.listings),
      intent: "remove",
    });
    expect(form).toMatch(
      new RegExp(`<button[^>]*value="remove" name="intent">Move ${count} and remove</button>`),
    );

    // Refused, nothing moved: without the form token, and over a stale count.
    expect((await agent.post("/admin/categories", { ...fields, csrf: "forged" })).statusCode).toBe(
      403,
    );
    const stale = await agent.post("/admin/categories", {
      ...fields,
      listings: String(from.listings + 1),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("the number of listings in this category changed");
    expect(stale.body).toContain(`Move ${count} to “Lock-ups” and remove “Garages”?`);
    const gone = await agent.post("/admin/categories", { ...fields, to: "999999" });
    expect(gone.statusCode).toBe(409);
    expect(gone.body).toContain(categoryMoveProblems.gone);
    expect(gone.body).toContain('<option value="none">No category</option>');
    expect((await listCategoryUses(db)).find((category) => category.id === from.id)?.listings).toBe(
      from.listings,
    );

    // Warm the page cache: a page served from it afterwards would still show the old category.
    const search = (type: string) =>
      app.inject({ method: "GET", url: `/search?type=${encodeURIComponent(type)}` });
    expect((await search("Garages")).body).toContain(shown.headline);
    expect((await search("Lock-ups")).body).not.toContain(shown.headline);

    const moved = await agent.post("/admin/categories", fields);
    expect(moved.statusCode).toBe(302);
    const done = `/admin/categories?${new URLSearchParams({
      done: "moved",
      title: "Garages",
      listings: String(from.listings),
      to: String(target.id),
    })}`;
    expect(moved.headers.location).toBe(done);
    expect((await agent.get(done)).body).toContain(
      `“Garages” is removed; its ${count} ${from.listings === 1 ? "is" : "are"} in “Lock-ups” now, on the public site too.`,
    );
    expect((await search("Lock-ups")).body).toContain(shown.headline);
    expect((await search("Garages")).body).not.toContain(shown.headline);
    const property = await app.inject({ method: "GET", url: `/property/${shown.code}` });
    expect(property.body).toMatch(/Lock-ups<\/span>/);
    expect(property.body).not.toMatch(/>Garages<\/span>/);
  });
});
