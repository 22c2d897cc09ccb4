/**
 * The back office's security (decisions 036 and 037), on the built site (`npm run build`
 * first) over SQLite and PostgreSQL: signed-out requests, form tokens, roles, throttling,
 * session fixation, cookies and caching.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../db/database.ts";
import { findStaffUserByEmail } from "../../db/queries/staff.ts";
import { signedInAdminPaths } from "../../tests/support/admin-routes.ts";
import { testToken } from "../../tests/support/app.ts";
import {
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
  signInFor,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import { isCacheablePath } from "../plugins/page-cache.ts";
import { sessionCookieName } from "./accounts/shared.ts";

/**
 * Every admin page a signed-in member of staff can open: each route of app/routes.ts behind the
 * sign-in (so a new page is covered the day it is added), and filtered tables.
 */
const signedInPages = [
  ...signedInAdminPaths(),
  "/admin/enquiries?status=new&q=a",
  "/admin/audit?actor=cli&action=listing.save",
  "/admin/listings/related?q=HP",
];
/** Their data requests, as client-side navigation fetches them. */
const dataRequests = signedInAdminPaths()
  .filter((path) => path !== "/admin")
  .map((path) => (path === "/admin/" ? "/admin/_.data" : `${path}.data`));

describe.each(testDialects)("the back office on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  const createStaff = (role: StaffRole) => createStaffMember(app, role);

  async function signedIn(role: StaffRole) {
    const staff = await createStaff(role);
    const browser = adminBrowser(app);
    const answer = await browser.signIn(staff.email, staff.password);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe("/admin/");
    return { ...staff, browser };
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

  it("sends every signed-out request for a page or its data to the sign-in page, showing nothing", async () => {
    const { email } = await createStaff("owner");
    for (const url of signedInPages) {
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(302);
      // The page asked for is named, for signing in to lead back to it.
      const location = new URL(String(answer.headers.location), "http://site.invalid");
      expect(location.pathname, url).toBe("/admin/sign-in");
      const next = location.searchParams.get("next");
      expect(next ?? "/admin/", url).toBe(url === "/admin" ? "/admin/" : url);
      expect(answer.body, url).toBe("");
    }
    for (const url of dataRequests) {
      const answer = await app.inject({ method: "GET", url });
      // React Router answers a data request's redirect as 202 with the target in its body.
      expect(answer.statusCode, url).toBe(202);
      expect(answer.body, url).toContain("/admin/sign-in");
      // The page of the data asked for is named, not its data URL.
      const page = url.replace(/(\/_)?\.data$/, (_, index) => (index ? "/" : ""));
      if (page !== "/admin/") {
        expect(answer.body, url).toContain(`/admin/sign-in?next=${encodeURIComponent(page)}"`);
      }
      expect(answer.body, url).not.toContain('.data"');
      expect(answer.body, url).not.toContain(email);
      expect(answer.body, url).not.toContain("csrfToken");
    }
  });

  it("refuses a signed-out post to every signed-in form, with or without a form token", async () => {
    const browser = adminBrowser(app);
    const csrf = await browser.tokenFrom("/admin/sign-in");
    const victim = `nobody-${randomBytes(4).toString("hex")}@example.com`;
    for (const url of signedInAdminPaths().filter((path) => path !== "/admin")) {
      const withToken = await browser.post(url, { csrf, email: victim, role: "owner" });
      expect(withToken.statusCode, url).toBe(302);
      expect(withToken.headers.location, url).toBe("/admin/sign-in");
      const withoutToken = await browser.post(url, { email: victim, role: "owner" });
      expect(withoutToken.statusCode, url).toBe(403);
    }
    expect(await findStaffUserByEmail(database.handle.db, victim)).toBeUndefined();
  });

  it("refuses every form post without its valid token, and does nothing", async () => {
    const owner = await signedIn("owner");
    const other = await signedIn("owner");
    const otherToken = await other.browser.tokenFrom("/admin/");
    const invited = `invited-${randomBytes(4).toString("hex")}@example.com`;
    const listingCount = async () =>
      (await database.handle.db.selectFrom("property").select("id").execute()).length;
    const listingsBefore = await listingCount();
    const forms: [url: string, fields: Record<string, string>][] = [
      ["/admin/staff", { email: invited, role: "agent" }],
      ["/admin/sign-out", { scope: "everywhere" }],
      ["/admin/sign-in", { email: owner.email, password: owner.password }],
      [
        "/admin/listings/new",
        { code: "CSRF-1", headline: "Forged", offer_type: "For Sale", price: "1" },
      ],
      ["/admin/listings/HP-1001/edit", { revision: "0", headline: "Forged" }],
      ["/admin/listings/HP-1001/duplicate", {}],
      ["/admin/listings/geocode", { address: "10 Downing Street, London" }],
    ];
    for (const [url, fields] of forms) {
      for (const csrf of [undefined, "", otherToken, "x".repeat(43)]) {
        const answer = await owner.browser.post(
          url,
          csrf === undefined ? fields : { ...fields, csrf },
        );
        expect(answer.statusCode, `${url} ${csrf}`).toBe(403);
        expect(answer.body).toContain("This form has expired or did not come from this site.");
        expect(answer.cookies.map((cookie) => cookie.name)).not.toContain(sessionCookieName);
      }
    }
    // Every other signed-in address refuses a post without its token the same way.
    for (const url of signedInAdminPaths().filter((path) => path !== "/admin")) {
      for (const csrf of [undefined, otherToken]) {
        const answer = await owner.browser.post(url, csrf === undefined ? {} : { csrf });
        expect(answer.statusCode, `${url} ${csrf}`).toBe(403);
      }
    }
    expect(await findStaffUserByEmail(database.handle.db, invited)).toBeUndefined();
    const listings = await database.handle.db
      .selectFrom("property")
      .select("code")
      .where((eb) => eb.or([eb("code", "=", "CSRF-1"), eb("headline", "=", "Forged")]))
      .execute();
    expect(listings).toEqual([]);
    // No copy either (a copy takes the next free code of the series, decision 069).
    expect(await listingCount()).toBe(listingsBefore);
    // Still signed in: the refused sign-out did nothing.
    expect((await owner.browser.get("/admin/")).statusCode).toBe(200);
    // The set-password form, signed out, without the token of its cookie.
    const added = await app.staffAccounts.addStaffUser(invited, "agent");
    if (!added.ok) throw new Error(added.message);
    const linkPath = new URL(added.link).pathname;
    const stranger = adminBrowser(app);
    await stranger.get(linkPath);
    const refused = await stranger.post(linkPath, {
      csrf: otherToken,
      password: "a new long password",
      confirmation: "a new long password",
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await app.staffAccounts.service.findSetPasswordLink(linkPath.split("/").pop() as string),
    ).toEqual({
      email: invited,
    });
  });

  it("keeps agents out of the owner-only staff page and its invitation form", async () => {
    const agent = await signedIn("agent");
    const home = await agent.browser.get("/admin/");
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(agent.email);
    expect(home.body).toContain("Agent");
    expect(home.body).not.toContain('href="/admin/staff"');
    const page = await agent.browser.get("/admin/staff");
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("Only an owner can open this page.");
    expect((await agent.browser.get("/admin/staff.data")).statusCode).toBe(403);
    const csrf = formTokenOf(home.body);
    const invited = `agent-invite-${randomBytes(4).toString("hex")}@example.com`;
    const post = await agent.browser.post("/admin/staff", { csrf, email: invited, role: "owner" });
    expect(post.statusCode).toBe(403);
    expect(await findStaffUserByEmail(database.handle.db, invited)).toBeUndefined();
  });

  it("lets an owner invite staff: a one-time link that sets a password once", async () => {
    const owner = await signedIn("owner");
    const csrf = await owner.browser.tokenFrom("/admin/staff");
    const email = `new-agent-${randomBytes(4).toString("hex")}@example.com`;
    const answer = await owner.browser.post("/admin/staff", { csrf, email, role: "agent" });
    expect(answer.statusCode).toBe(200);
    // Text to copy, not a link the owner could use up by following it.
    const link = />(http[^<"]+\/admin\/set-password\/[\w-]{43})<\/code>/.exec(answer.body)?.[1];
    expect(link).toBeDefined();
    expect(answer.body).not.toMatch(/href="[^"]*\/admin\/set-password\//);
    expect(answer.body).toContain("Send them this link");
    const again = await owner.browser.post("/admin/staff", { csrf, email, role: "agent" });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("There is already an account with this e-mail address.");

    const agent = adminBrowser(app);
    const path = new URL(link as string).pathname;
    const page = await agent.get(path);
    expect(page.body).toContain(email);
    const fields = { csrf: formTokenOf(page.body), password: "short", confirmation: "short" };
    const tooShort = await agent.post(path, fields);
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain("Use at least 12 characters.");
    const password = "agents have long passwords";
    const set = await agent.post(path, { ...fields, password, confirmation: password });
    expect(set.headers.location).toBe("/admin/sign-in?password=set");
    const reused = await agent.get(path);
    expect(reused.statusCode).toBe(410);
    expect(reused.body).toContain("This link has expired or has already been used.");
    expect((await agent.signIn(email, password)).headers.location).toBe("/admin/");
  });

  it("leads back to the page asked for once signed in, never off the back office", async () => {
    const owner = await createStaff("owner");
    const asked = "/admin/enquiries?status=new";
    const browser = adminBrowser(app);
    const refused = await browser.get(asked);
    const signInUrl = String(refused.headers.location);
    expect(signInUrl).toBe(`/admin/sign-in?next=${encodeURIComponent(asked)}`);
    const page = await browser.get(signInUrl);
    expect(page.body).toContain(`name="next" value="${asked.replace("&", "&amp;")}"`);
    const signedIn = await browser.post(signInUrl, {
      csrf: formTokenOf(page.body),
      email: owner.email,
      password: owner.password,
      next: asked,
    });
    expect(signedIn.headers.location).toBe(asked);
    // Signed in already, the sign-in page with a destination goes straight there.
    expect((await browser.get(signInUrl)).headers.location).toBe(asked);

    for (const next of [
      "//elsewhere.example/admin",
      "https://elsewhere.example/admin",
      "/admin/../property",
      "/adminx",
      "/admin/sign-in",
      "/property",
    ]) {
      const stranger = adminBrowser(app);
      const csrf = await stranger.tokenFrom(`/admin/sign-in?next=${encodeURIComponent(next)}`);
      const answer = await stranger.post("/admin/sign-in", {
        csrf,
        email: owner.email,
        password: owner.password,
        next,
      });
      expect(answer.headers.location, next).toBe("/admin/");
    }
  });

  it("leads a post refused for want of a session back to the page it was sent from", async () => {
    const owner = await createStaff("owner");
    const browser = adminBrowser(app, { "sec-fetch-mode": "navigate" });
    await browser.signIn(owner.email, owner.password);
    const page = "/admin/listings/HP-1/edit";
    // The form token of a page opened while signed in, posted after the session ended.
    const csrf = await browser.tokenFrom("/admin/");
    const postFrom = async (referer?: string, mode = "navigate") => {
      const answer = await app.inject({
        method: "POST",
        url: page,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-mode": mode,
          ...(referer ? { referer } : {}),
        },
        payload: new URLSearchParams({ csrf, intent: "save", headline: "Typed" }).toString(),
      });
      return answer.statusCode === 403 ? 403 : answer.headers.location;
    };
    // app.inject's requests are to http://localhost:80. The notice of an earlier save is not
    // said again after signing in (the listing editor would take it for this post's).
    expect(await postFrom(`http://localhost${page}?done=saved&tab=2`)).toBe(
      signInFor(`${page}?tab=2`),
    );
    expect(await postFrom()).toBe("/admin/sign-in");
    expect(await postFrom(`https://elsewhere.example${page}`)).toBe("/admin/sign-in");
    expect(await postFrom("http://localhost/property/x")).toBe("/admin/sign-in");
    // A script's post (an upload) is refused as before: it shows its own message.
    expect(await postFrom(`http://localhost${page}`, "cors")).toBe(403);
    // Signed in, a post without the session's form token is refused, not sent to sign in.
    const signedIn = await browser.post(page, { csrf: "x".repeat(43), intent: "save" });
    expect(signedIn.statusCode).toBe(403);
  });

  it("gives a new session id at sign-in, whatever session id the browser had", async () => {
    const owner = await createStaff("owner");
    const browser = adminBrowser(app);
    const planted = randomBytes(32).toString("base64url");
    browser.cookies.set(sessionCookieName, planted);
    await browser.signIn(owner.email, owner.password);
    const first = browser.cookies.get(sessionCookieName);
    expect(first).toBeDefined();
    expect(first).not.toBe(planted);
    // Signing in again (the browser was signed in) ends the old session too.
    const csrf = await browser.tokenFrom("/admin/");
    await browser.post("/admin/sign-in", { csrf, email: owner.email, password: owner.password });
    const second = browser.cookies.get(sessionCookieName);
    expect(second).not.toBe(first);
    const old = await app.inject({
      url: "/admin/",
      headers: { cookie: `${sessionCookieName}=${first}` },
    });
    expect(old.statusCode).toBe(302);
  });

  it("signs out this browser, or every browser of the account", async () => {
    const owner = await createStaff("owner");
    const laptop = adminBrowser(app);
    const phone = adminBrowser(app);
    await laptop.signIn(owner.email, owner.password);
    await phone.signIn(owner.email, owner.password);
    const signOut = await laptop.post("/admin/sign-out", {
      csrf: await laptop.tokenFrom("/admin/"),
    });
    expect(signOut.headers.location).toBe("/admin/sign-in");
    expect((await laptop.get("/admin/")).statusCode).toBe(302);
    expect((await phone.get("/admin/")).statusCode).toBe(200);

    await laptop.signIn(owner.email, owner.password);
    await phone.post("/admin/sign-out", {
      csrf: await phone.tokenFrom("/admin/"),
      scope: "everywhere",
    });
    expect((await phone.get("/admin/")).statusCode).toBe(302);
    expect((await laptop.get("/admin/")).statusCode).toBe(302);
  });

  it("throttles an account's failed sign-ins with a clear message, even for its right password", async () => {
    const owner = await createStaff("owner");
    const browser = adminBrowser(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await browser.signIn(owner.email, `wrong password ${attempt}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain("The e-mail address or password is not right.");
    }
    const held = await adminBrowser(app, { "x-forwarded-for": "203.0.113.7" }).signIn(
      owner.email,
      owner.password,
    );
    expect(held.statusCode).toBe(429);
    expect(held.body).toMatch(
      /Too many failed sign-ins\. Please wait 1[45] minutes and try again\./,
    );
    expect(held.cookies.map((cookie) => cookie.name)).not.toContain(sessionCookieName);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, on /admin, and Secure behind HTTPS", async () => {
    const owner = await createStaff("owner");
    const plain = await adminBrowser(app).signIn(owner.email, owner.password);
    const cookie = String(plain.headers["set-cookie"]).split(",")[0] as string;
    expect(cookie).toMatch(
      /^homes_admin_session=[\w-]{43}; Path=\/admin; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
    const proxied = await adminBrowser(app, { "x-forwarded-proto": "https" }).signIn(
      owner.email,
      owner.password,
    );
    const secure = proxied.cookies.find((item) => item.name === sessionCookieName);
    expect(secure?.secure).toBe(true);
    expect(secure?.httpOnly).toBe(true);
  });

  it("never lets the page cache or a proxy keep an admin answer, nor shows the API token", async () => {
    const first = await app.inject({ url: "/admin/sign-in" });
    const second = await app.inject({ url: "/admin/sign-in" });
    expect(first.headers["cache-control"]).toBe("no-store, private");
    // Never sent to another site; `no-referrer` would make a browser's form posts `Origin: null`.
    expect(first.headers["referrer-policy"]).toBe("same-origin");
    expect(first.headers.etag).toBeUndefined();
    expect(formTokenOf(first.body)).not.toBe(formTokenOf(second.body));
    const owner = await signedIn("owner");
    for (const url of ["/admin/", "/admin/staff", "/admin/staff.data"]) {
      const answer = await owner.browser.get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("no-store, private");
      expect(answer.body, url).not.toContain(testToken);
    }
    const redirect = await app.inject({ url: "/admin/staff" });
    expect(redirect.headers["cache-control"]).toBe("no-store, private");
    for (const path of ["/admin", "/admin/", "/ADMIN/staff", "/admin.data", "/admin/sign-in"]) {
      expect(isCacheablePath(path), path).toBe(false);
    }
    expect(isCacheablePath("/administration-fees")).toBe(true);
  });

  it("has one address for its home page, /admin/, which the session cookie's path covers", async () => {
    const owner = await signedIn("owner");
    const answer = await owner.browser.get("/admin");
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe("/admin/");
  });
});

describe("invitations by e-mail", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const sent: EnquiryMail[] = [];

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(
      "sqlite",
      { SITE_URL: "https://homes.example.com", MAIL_FROM: "Homes <no-reply@homes.example.com>" },
      {
        mailTransport: {
          async sendMail(mail) {
            sent.push(mail);
          },
        },
      },
    ));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("e-mails the invited member of staff their link when a mail server is configured", async () => {
    const added = await app.staffAccounts.addStaffUser("boss@example.com", "owner");
    if (!added.ok) throw new Error(added.message);
    const password = "the boss's long password";
    await app.staffAccounts.service.setPassword(
      added.link.split("/").pop() as string,
      "127.0.0.1",
      password,
    );
    // SITE_URL is https: the cookies are Secure even over this plain request.
    const browser = adminBrowser(app);
    const signIn = await browser.signIn("boss@example.com", password);
    expect(signIn.cookies.find((cookie) => cookie.name === sessionCookieName)?.secure).toBe(true);
    const csrf = await browser.tokenFrom("/admin/staff");
    const answer = await browser.post("/admin/staff", {
      csrf,
      email: "new.agent@example.com",
      role: "agent",
    });
    expect(answer.body).toContain("We have e-mailed them this link too.");
    const mail = sent.find((item) => item.to === "new.agent@example.com");
    expect(mail?.from).toBe("Homes <no-reply@homes.example.com>");
    expect(mail?.text).toMatch(/https:\/\/homes\.example\.com\/admin\/set-password\/[\w-]{43}/);

    // A new link for the same account is e-mailed the same way, and shown as text too.
    const user = await findStaffUserByEmail(database.handle.db, "new.agent@example.com");
    const again = await browser.post("/admin/staff", {
      csrf,
      intent: "link",
      id: String(user?.id),
    });
    expect(again.body).toContain("We have e-mailed it to them too.");
    const link = />(https:[^<]+)<\/code>/.exec(again.body)?.[1];
    const newLink = sent.findLast((item) => item.to === "new.agent@example.com");
    expect(newLink?.subject).toBe("A new link to set your password at homes.example.com");
    expect(newLink?.text).toContain(link);
    expect(newLink?.text).not.toContain(mail?.text.match(/set-password\/([\w-]{43})/)?.[1]);
  });
});
