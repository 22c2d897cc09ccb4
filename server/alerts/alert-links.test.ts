/**
 * The alert links' secret and lifetime (decision 066), on both databases: the secret is not
 * derived from API_TOKEN, is generated once and kept in the database so a second app server
 * uses the same; a manage link expires and then says how to get a fresh one; links of the
 * first form, in mails sent before, keep working until the transition ends.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertMessages } from "../../lib/search-alert.ts";
import { auth, testToken } from "../../tests/support/app.ts";
import {
  type MailingApp,
  type MailingAppServer,
  startMailingApp,
  tokenIn,
} from "../../tests/support/mailing-app.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { buildApp } from "../app.ts";
import { manageLinkTtlMs, manageToken, tokenHash } from "./tokens.ts";

type App = MailingAppServer;

describe.each(testDialects)("search alert links on %s", (dialect) => {
  let database: TestDatabase;
  let app: App;
  let second: App | undefined;
  let mailing: MailingApp;
  const config = () => mailing.config;

  function alertAction(on: App, action: string, body: Record<string, unknown>) {
    return on.inject({ method: "POST", url: `/api/alert/${action}`, headers: auth, payload: body });
  }

  const deliver = () => mailing.deliver();

  beforeAll(async () => {
    mailing = await startMailingApp(dialect);
    ({ app, database } = mailing);
  });
  afterAll(async () => {
    await second?.close();
    await mailing?.close();
  });

  it("signs with secrets of their own, generated once, kept in the database and shared", async () => {
    const { puzzle, alert } = app.formSecrets;
    expect(puzzle).not.toBe(alert);
    expect(alert.length).toBeGreaterThanOrEqual(43);
    // Not the value derived from API_TOKEN before.
    const derived = (use: string) => createHmac("sha256", testToken).update(use).digest("hex");
    expect(alert).not.toBe(derived("search alert tokens"));
    expect(puzzle).not.toBe(derived("enquiry puzzle tokens"));
    const stored = await database.handle.db
      .selectFrom("app_secret")
      .select(["name", "value"])
      .orderBy("name")
      .execute();
    expect(stored).toEqual([
      { name: "alert", value: alert },
      { name: "puzzle", value: puzzle },
    ]);

    // A second app server on the same database: the same secrets, so its links work there.
    second = await buildApp({ config: config(), database: database.handle, site: false });
    await second.ready();
    await second.jobs.stop();
    expect(second.formSecrets).toEqual(app.formSecrets);
    await alertAction(app, "subscribe", { email: "shared@example.com", query: "" });
    const [mail] = await deliver();
    const confirmed = await alertAction(second, "confirm", {
      token: tokenIn(mail!, "/alerts/confirm"),
    });
    expect(confirmed.statusCode).toBe(200);

    // Configured secrets win over the stored ones.
    const configured = await buildApp({
      config: { ...config(), PUZZLE_SECRET: "p".repeat(32), ALERT_SECRET: "a".repeat(32) },
      database: database.handle,
      site: false,
    });
    expect(configured.formSecrets).toEqual({ puzzle: "p".repeat(32), alert: "a".repeat(32) });
    await configured.close();
  });

  it("mails a manage link that works, expires, and then says how to get a fresh one", async () => {
    await alertAction(app, "subscribe", { email: "expiry@example.com", query: "bedrooms=3" });
    const [mail] = await deliver();
    const token = tokenIn(mail!, "/alerts/manage");
    const listed = await alertAction(app, "manage", { token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().email).toBe("expiry@example.com");

    const secret = app.formSecrets.alert;
    const lapsed = manageToken(secret, "expiry@example.com", new Date(Date.now() - 1000));
    for (const action of ["manage", "delete"]) {
      const answer = await alertAction(app, action, { token: lapsed });
      expect(answer.statusCode).toBe(410);
      expect(answer.json().message).toBe(alertMessages.linkExpired);
    }
    // A link's expiry cannot be moved: the signature covers it.
    const [key, expiry, signed] = token.split(".") as [string, string, string];
    const later = (parseInt(expiry, 36) + manageLinkTtlMs / 1000).toString(36);
    const stretched = `${key}.${later}.${signed}`;
    expect((await alertAction(app, "manage", { token: stretched })).statusCode).toBe(404);
    // The first form's manage links never expired: refused as expired.
    expect((await alertAction(app, "manage", { token: key })).statusCode).toBe(410);
    expect(await database.handle.db.selectFrom("search_alert").select("id").execute()).toHaveLength(
      2,
    );
  });

  it("keeps the first form's confirm and unsubscribe links working, and moves the address to the new secret", async () => {
    await alertAction(app, "subscribe", { email: "legacy@example.com", query: "bedrooms=4" });
    await deliver();
    // As migration-era mails made them: HMACs of the alert's salt under the API_TOKEN-derived
    // secret, found by their stored hash.
    const old = createHmac("sha256", testToken).update("search alert tokens").digest("hex");
    const legacy = (subject: string) =>
      createHmac("sha256", old).update(subject).digest("base64url");
    const row = await database.handle.db
      .selectFrom("search_alert")
      .select(["id", "salt"])
      .where("email", "=", "legacy@example.com")
      .executeTakeFirstOrThrow();
    const confirmToken = legacy(`confirm:${row.salt}`);
    const unsubscribeToken = legacy(`unsubscribe:${row.salt}`);
    await database.handle.db
      .updateTable("search_alert")
      .set({
        confirm_token_hash: tokenHash(confirmToken),
        unsubscribe_token_hash: tokenHash(unsubscribeToken),
        manage_token_hash: tokenHash(legacy("manage:legacy@example.com")),
      })
      .where("id", "=", row.id)
      .execute();

    expect((await alertAction(app, "confirm", { token: confirmToken })).statusCode).toBe(200);
    // Saved again: a fresh manage link under the new secret finds the old alert too.
    await alertAction(app, "subscribe", { email: "legacy@example.com", query: "bedrooms=4" });
    const [renewal] = await deliver();
    const managed = await alertAction(app, "manage", {
      token: tokenIn(renewal!, "/alerts/manage"),
    });
    expect(managed.json().alerts).toEqual([expect.objectContaining({ id: row.id })]);
    expect((await alertAction(app, "unsubscribe", { token: unsubscribeToken })).statusCode).toBe(
      200,
    );
    expect((await alertAction(app, "unsubscribe", { token: unsubscribeToken })).statusCode).toBe(
      404,
    );
  });
});
