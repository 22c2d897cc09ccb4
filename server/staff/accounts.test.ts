/** Sessions, links and invitations of the staff accounts, on SQLite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { createStaffAccounts, type InviteMail, sessionCookieName } from "./accounts.ts";
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
    expect(await staff.service.setPassword(added.link.split("/").pop() as string, password)).toBe(
      true,
    );
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
    expect(await staff.service.setPassword(first, password)).toBe(false);
    clock += 73 * 60 * minute;
    expect(await staff.service.setPassword(newer, password)).toBe(false);
    const fresh = (await staff.issueSetPasswordLink(added.user)).split("/").pop() as string;
    expect(await staff.service.setPassword(fresh, "too short")).toBe(false);
    expect(await staff.service.setPassword(fresh, password)).toBe(true);
    expect(await staff.service.setPassword(fresh, password)).toBe(false);
  });

  it("ends every session of a user whose password is set again", async () => {
    const staff = accounts();
    const email = `reset-${dialect}@example.com`;
    const cookie = await signedInCookie(email);
    const user = (await staff.service.session(request(cookie)))?.user;
    if (!user) throw new Error("signed in");
    const link = (await staff.issueSetPasswordLink(user)).split("/").pop() as string;
    expect(await staff.service.setPassword(link, "another long password")).toBe(true);
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
