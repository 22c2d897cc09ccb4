/** Sessions, links and invitations of the staff accounts, on SQLite and PostgreSQL. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCompanyProfile } from "../../db/queries/company-profile.ts";
import { buildCompanyProfile } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { type InviteMail, passwordBusyMessage, sessionCookieName } from "./accounts/shared.ts";
import { createStaffAccounts } from "./accounts.ts";
import { passwordHashing, passwordHashingLimits } from "./passwords.ts";
import { createSignInThrottle } from "./throttle.ts";

const cheap = { logN: 10, r: 8, p: 1 };
const minute = 60_000;
const password = "a perfectly long password";

describe.each(testDialects)("staff accounts on %s", (dialect) => {
  let database: TestDatabase;
  let clock = Date.parse("2026-11-25T09:00:00Z");
  const mails: InviteMail[] = [];

  function accounts(options: { failMail?: boolean } = {}) {
    return createStaffAccounts({
      database: database.handle,
      throttle: createSignInThrottle(),
      siteUrl: "https://homes.example.com",
      scryptCost: cheap,
      now: () => new Date(clock),
      sendInvite: async (mail) => {
        if (options.failMail) throw new Error("mail server down");
        mails.push(mail);
      },
    });
  }

  const request = (cookie?: string) =>
    new Request("http://localhost/admin/", cookie ? { headers: { cookie } } : {});

  async function signedInCookie(email: string, role: "owner" | "agent" = "owner") {
    const staff = accounts();
    const added = await staff.addStaffUser(email, role);
    if (!added.ok) throw new Error(added.message);
    expect(
      (await staff.service.setPassword(added.link.split("/").pop() as string, "10.0.0.1", password))
        .ok,
    ).toBe(true);
    const signIn = await staff.service.signIn(request(), "10.0.0.1", { email, password });
    if (!signIn.ok) throw new Error(signIn.message);
    return (signIn.setCookie[0] as string).split(";")[0] as string;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("ends a session after two idle hours, and twelve hours after sign-in whatever its use", async () => {
    const staff = accounts();
    const cookie = await signedInCookie(`idle-${dialect}@example.com`);
    expect(cookie.startsWith(`${sessionCookieName}=`)).toBe(true);
    clock += 119 * minute;
    expect(await staff.service.session(request(cookie))).not.toBeNull();
    clock += 121 * minute;
    expect(await staff.service.session(request(cookie))).toBeNull();

    const busy = await signedInCookie(`busy-${dialect}@example.com`);
    for (let hour = 0; hour < 11; hour++) {
      clock += 60 * minute;
      expect(await staff.service.session(request(busy)), `hour ${hour}`).not.toBeNull();
    }
    clock += 61 * minute;
    expect(await staff.service.session(request(busy))).toBeNull();
  });

  it("makes set-password links that work once, until they expire, and only the newest", async () => {
    const staff = accounts();
    const added = await staff.addStaffUser(`Link-${dialect}@Example.com `, "agent");
    if (!added.ok) throw new Error(added.message);
    expect(added.user.email).toBe(`link-${dialect}@example.com`);
    expect(added.link).toMatch(/^https:\/\/homes\.example\.com\/admin\/set-password\/[\w-]{43}$/);
    const first = added.link.split("/").pop() as string;
    const newer = (await staff.issueSetPasswordLink(added.user)).split("/").pop() as string;
    expect(await staff.service.findSetPasswordLink(first)).toBeNull();
    expect((await staff.service.setPassword(first, "10.0.0.1", password)).ok).toBe(false);
    clock += 73 * 60 * minute;
    expect((await staff.service.setPassword(newer, "10.0.0.1", password)).ok).toBe(false);
    const fresh = (await staff.issueSetPasswordLink(added.user)).split("/").pop() as string;
    expect((await staff.service.setPassword(fresh, "10.0.0.1", "too short")).ok).toBe(false);
    expect((await staff.service.setPassword(fresh, "10.0.0.1", password)).ok).toBe(true);
    expect((await staff.service.setPassword(fresh, "10.0.0.1", password)).ok).toBe(false);
  });

  it("ends every session of a user whose password is set again", async () => {
    const staff = accounts();
    const email = `reset-${dialect}@example.com`;
    const cookie = await signedInCookie(email);
    const user = (await staff.service.session(request(cookie)))?.user;
    if (!user) throw new Error("signed in");
    const link = (await staff.issueSetPasswordLink(user)).split("/").pop() as string;
    expect((await staff.service.setPassword(link, "10.0.0.1", "another long password")).ok).toBe(
      true,
    );
    expect(await staff.service.session(request(cookie))).toBeNull();
  });

  it("lets owners only invite and list staff, and e-mails the invitation when it can", async () => {
    const staff = accounts();
    const owner = await staff.service.session(
      request(await signedInCookie(`owner-${dialect}@example.com`)),
    );
    const agent = await staff.service.session(
      request(await signedInCookie(`agent-${dialect}@example.com`, "agent")),
    );
    if (!owner || !agent) throw new Error("not signed in");
    await expect(staff.service.listStaff(agent)).rejects.toThrow("Only an owner");
    await expect(
      staff.service.invite(agent, { email: "x@example.com", role: "owner" }),
    ).rejects.toThrow("Only an owner");
    const invited = await staff.service.invite(owner, {
      email: `invited-${dialect}@example.com`,
      role: "agent",
    });
    expect(invited).toMatchObject({ ok: true, emailed: true });
    expect(mails.at(-1)).toMatchObject({ to: `invited-${dialect}@example.com`, role: "agent" });
    const unsent = await accounts({ failMail: true }).service.invite(owner, {
      email: `unsent-${dialect}@example.com`,
      role: "owner",
    });
    expect(unsent).toMatchObject({ ok: true, emailed: false });
    const list = await staff.service.listStaff(owner);
    expect(list.find((member) => member.email === `invited-${dialect}@example.com`)).toMatchObject({
      role: "agent",
      hasPassword: false,
    });
  });

  const unknownToken = () => randomBytes(32).toString("base64url");

  it("checks a set-password link before hashing: unknown or expired links cost no hash", async () => {
    const staff = accounts();
    const added = await staff.addStaffUser(`expired-${dialect}@example.com`, "agent");
    if (!added.ok) throw new Error(added.message);
    clock += 73 * 60 * minute;
    const hashesBefore = passwordHashing.computed();
    const posts = await Promise.all([
      staff.service.setPassword(added.link.split("/").pop() as string, "10.9.9.9", password),
      ...Array.from({ length: 24 }, () =>
        staff.service.setPassword(unknownToken(), "10.9.9.9", password),
      ),
    ]);
    const reasons = posts.map((post) => (post.ok ? "set" : post.reason));
    // Counted per IP before the lookup: 20 posts are looked up, the rest refused unread.
    expect(reasons.filter((reason) => reason === "spent")).toHaveLength(20);
    expect(reasons.filter((reason) => reason === "throttled")).toHaveLength(5);
    expect(passwordHashing.computed()).toBe(hashesBefore);
  });

  it("counts only guessed set-password links against an address: real ones give their point back", async () => {
    const staff = accounts();
    // An office (or a test run) setting the passwords of more staff than the limit, one address.
    for (let member = 0; member < 25; member++) {
      const added = await staff.addStaffUser(`office-${member}-${dialect}@example.com`, "agent");
      if (!added.ok) throw new Error(added.message);
      const token = added.link.split("/").pop() as string;
      expect((await staff.service.setPassword(token, "10.8.8.8", password)).ok).toBe(true);
    }
    // Guesses from that address still use up its 20.
    const guesses = await Promise.all(
      Array.from({ length: 21 }, () =>
        staff.service.setPassword(unknownToken(), "10.8.8.8", password),
      ),
    );
    const reasons = guesses.map((post) => (post.ok ? "set" : post.reason));
    expect(reasons.filter((reason) => reason === "spent")).toHaveLength(20);
    expect(reasons.filter((reason) => reason === "throttled")).toHaveLength(1);
  });

  it("checks no more wrong passwords sent at once than the throttle allows", async () => {
    const staff = accounts();
    const email = `many-${dialect}@example.com`;
    await signedInCookie(email);
    const hashesBefore = passwordHashing.computed();
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        staff.service.signIn(request(), `10.8.${attempt}.1`, { email, password: "not it at all" }),
      ),
    );
    const reasons = attempts.map((attempt) => (attempt.ok ? "signed in" : attempt.reason));
    expect(reasons.filter((reason) => reason === "invalid")).toHaveLength(10);
    expect(reasons.filter((reason) => reason === "throttled")).toHaveLength(30);
    expect(passwordHashing.computed() - hashesBefore).toBe(10);
  });

  it("signs a member of staff in while a flood of set-password posts is refused", async () => {
    const staff = accounts();
    const email = `flood-${dialect}@example.com`;
    await signedInCookie(email);
    const hashesBefore = passwordHashing.computed();
    const flood = Array.from({ length: 200 }, (_, post) =>
      staff.service.setPassword(unknownToken(), `10.7.${post % 7}.1`, password),
    );
    const signIn = staff.service.signIn(request(), "10.7.99.1", { email, password });
    const refused = await Promise.all(flood);
    expect((await signIn).ok).toBe(true);
    expect(new Set(refused.map((post) => (post.ok ? "set" : post.reason)))).toEqual(
      new Set(["spent", "throttled"]),
    );
    expect(passwordHashing.computed() - hashesBefore).toBe(1);
  });

  it("answers at once that it is busy when the password pool is full", async () => {
    const staff = accounts();
    const email = `pool-full-${dialect}@example.com`;
    await signedInCookie(email);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { concurrency, queueLength } = passwordHashingLimits;
    const holders = Array.from({ length: concurrency + queueLength }, () =>
      passwordHashing.run(() => held),
    );
    const refused = await staff.service.signIn(request(), "10.6.0.1", { email, password });
    expect(refused).toEqual({ ok: false, reason: "busy", message: passwordBusyMessage });
    release();
    await Promise.all(holders);
    expect((await staff.service.signIn(request(), "10.6.0.1", { email, password })).ok).toBe(true);
  });

  it("refuses a new password easy to guess, saying why, when it is set or changed", async () => {
    await saveCompanyProfile(database.handle.db, buildCompanyProfile());
    const staff = accounts();
    const email = `weak-${dialect}@example.com`;
    const added = await staff.addStaffUser(email, "agent");
    if (!added.ok) throw new Error(added.message);
    const token = added.link.split("/").pop() as string;
    const weak: [string, string][] = [
      ["aaaaaaaaaaaa", 'A repeated character, such as "aaa", is easy to guess.'],
      ["Password12345", "It is too like a commonly used password."],
      [`${email}!`, "It contains your e-mail address or the company's name."],
      [`${email.split("@")[0]}-x7q`, "It contains your e-mail address or the company's name."],
      [
        buildCompanyProfile().business_name,
        "It contains your e-mail address or the company's name.",
      ],
    ];
    for (const [guessable, why] of weak) {
      const refused = await staff.service.setPassword(token, "10.5.0.1", guessable);
      expect(refused, guessable).toMatchObject({ ok: false, reason: "weak" });
      expect(refused.ok ? "" : refused.message, guessable).toContain(why);
    }
    // The link is not spent by a refusal.
    expect((await staff.service.setPassword(token, "10.5.0.1", password)).ok).toBe(true);
    const cookie = (
      await staff.service.signIn(request(), "10.5.0.1", { email, password }).then((signIn) => {
        if (!signIn.ok) throw new Error(signIn.message);
        return signIn.setCookie[0] as string;
      })
    ).split(";")[0] as string;
    const change = await staff.service.changePassword(request(cookie), "10.5.0.1", {
      current: password,
      password: "qwertyuiop1234",
    });
    expect(change).toMatchObject({ ok: false, reason: "weak" });
  });

  it("ignores cookies that are not a session id it issued", async () => {
    const staff = accounts();
    for (const cookie of [
      "",
      `${sessionCookieName}=`,
      `${sessionCookieName}=../../etc`,
      `${sessionCookieName}=${"a".repeat(43)}`,
    ]) {
      expect(await staff.service.session(request(cookie))).toBeNull();
    }
  });
});
