/**
 * The property brochure (decision 053) on the built site (run `npm run build` first): a seeded
 * property's `/property/{slug}/brochure.pdf` is a PDF whose text, read back with PDF.js, holds
 * the headline, price, reference and the company's telephone, under 2 MB with photos embedded;
 * it is answered 304 for its ETag and made again when the listing changes; a missing property
 * redirects home as its page does.
 */
import { writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import { replaceFloorPlans } from "../../db/queries/floor-plan.ts";
import type { CompanyProfile, Property } from "../../lib/api-contract.ts";
import { formatPrice } from "../../lib/format.ts";
import { pdfContentSecurityPolicy } from "../../lib/pdf-policy.ts";
import { auth, createTestImageDir, sideBySideLimits, testToken } from "../../tests/support/app.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database.ts";
import { buildApp } from "../app.ts";
import { publishContentChange } from "../content-changes.ts";

const twoMegabytes = 2 * 1024 * 1024;

/** Every page's text, items joined by spaces, pages by new lines. */
async function pdfText(
  bytes: Uint8Array,
): Promise<{ text: string; pages: number; images: number }> {
  const loading = getDocument({ data: bytes, useSystemFonts: false });
  const document = await loading.promise;
  const pages: string[] = [];
  let images = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    const operators = await page.getOperatorList();
    images += operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  }
  await loading.destroy();
  return { text: pages.join("\n").replace(/\s+/g, " "), pages: pages.length, images };
}

/** A photo that compresses badly (noise), the worst case for the brochure's size bound. */
function noisyPhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1067,
      channels: 3,
      background: { r: 40 + seed * 30, g: 120, b: 180 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe("the property brochure", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let property: Property;
  let profile: CompanyProfile;

  beforeAll(async () => {
    const imageDir = createTestImageDir();
    database = await createTestDatabase("sqlite", { seed: true });
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      API_TOKEN: testToken,
      DATABASE_URL: database.url,
      IMAGE_DIR: imageDir,
      SEED_DEMO_CONTENT: "false",
      CONTACT_RATE_LIMIT: "off",
      ...sideBySideLimits,
    });
    app = await buildApp({ config, database: database.handle, site: true });
    await app.ready();
    const all = await app.inject({ url: "/api/property/display/all", headers: auth });
    const properties = (all.json() as { data: Property[] }).data;
    // A property with a reference and floor plans (only the one-property answer carries them).
    for (const each of properties.filter((candidate) => candidate.reference_no !== "")) {
      const one = await app.inject({ url: `/api/property/show/one/${each.code}`, headers: auth });
      const found = (one.json() as { data: Property }).data;
      if ((found.floor_plans ?? []).length > 0) {
        property = found;
        break;
      }
    }
    const answer = await app.inject({ url: "/api/company/profile", headers: auth });
    profile = (answer.json() as { data: CompanyProfile }).data;
    // The property's photos, on disk under the names the listing gives them.
    const files = new Set([property.cover_image]);
    for (const item of JSON.parse(String(property.image_list ?? "[]")) as { imageUrl: string }[]) {
      files.add(item.imageUrl);
    }
    let seed = 0;
    for (const file of files) {
      await writeFile(join(imageDir, "property", file), await noisyPhoto(seed++));
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("is a PDF of the listing with its headline, price, reference and the company's telephone", async () => {
    expect(profile.telephone).not.toBe("");
    const answer = await app.inject({ url: `/property/${property.slug}/brochure.pdf` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-disposition"]).toBe(
      `inline; filename="${property.slug}-brochure.pdf"`,
    );
    expect(answer.headers["cache-control"]).toBe("public, no-cache");
    // A PDF's policy (decision 065), not the pages' with its script hashes.
    expect(answer.headers["content-security-policy"]).toBe(pdfContentSecurityPolicy);
    const bytes = answer.rawPayload;
    if (process.env.BROCHURE_SAMPLE) await writeFile(process.env.BROCHURE_SAMPLE, bytes);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeLessThan(twoMegabytes);
    expect(Number(answer.headers["content-length"])).toBe(bytes.length);

    const { text, images } = await pdfText(new Uint8Array(bytes));
    expect(text).toContain(property.headline);
    expect(text).toContain(formatPrice(property.price));
    expect(text).toContain(property.reference_no);
    expect(text).toContain(profile.telephone);
    expect(text).toContain(profile.email_address);
    // The QR code's address, written out beside it.
    expect(text).toContain(`/property/${property.slug}`);
    // Every floor plan under its label (decision 052).
    for (const plan of property.floor_plans ?? []) expect(text).toContain(plan.label);
    // The cover and at least one more photo, within the size bound even as noise.
    expect(images).toBeGreaterThanOrEqual(2);
  });

  it("says a rent's period after its price", async () => {
    const all = await app.inject({
      url: "/api/property/display/all?status=For%20Rent",
      headers: auth,
    });
    const [rental] = (all.json() as { data: Property[] }).data;
    await database.handle.db
      .updateTable("property")
      .set({ rent_period: "week" })
      .where("code", "=", rental!.code)
      .execute();
    const answer = await app.inject({ url: `/property/${rental!.slug}/brochure.pdf` });
    expect(answer.statusCode).toBe(200);
    const { text } = await pdfText(new Uint8Array(answer.rawPayload));
    expect(text).toContain(`${formatPrice(rental!.price)} a week`);
  });

  it("answers 304 for its ETag, and is made again when the listing changes", async () => {
    const url = `/property/${property.slug}/brochure.pdf`;
    const first = await app.inject({ url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);

    const headline = `${property.headline} with a new roof`;
    await database.handle.db
      .updateTable("property")
      .set({ headline })
      .where("code", "=", property.code)
      .execute();
    await publishContentChange(undefined);
    const changed = await app.inject({ url, headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await pdfText(new Uint8Array(changed.rawPayload))).text).toContain(headline);
  });

  it("fetches no floor plan that points at this server or a private network, and still renders", async () => {
    // A local server counting every connection and request made to it (decision 066).
    let connections = 0;
    let requests = 0;
    const local = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { "content-type": "image/png" }).end(plan);
    });
    local.on("connection", () => connections++);
    const plan = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#123456" },
    })
      .png()
      .toBuffer();
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const { port } = local.address() as AddressInfo;
    try {
      const row = await database.handle.db
        .selectFrom("property")
        .select("id")
        .where("code", "=", property.code)
        .executeTakeFirstOrThrow();
      await replaceFloorPlans(database.handle.db, row.id, [
        { label: "Plain http plan", file: `http://127.0.0.1:${port}/plan.png`, kind: "image" },
        { label: "Loopback plan", file: `https://127.0.0.1:${port}/plan.png`, kind: "image" },
        { label: "Named plan", file: `https://localhost:${port}/plan.png`, kind: "image" },
      ]);
      await publishContentChange(undefined);
      const answer = await app.inject({ url: `/property/${property.slug}/brochure.pdf` });
      expect(answer.statusCode).toBe(200);
      const { text } = await pdfText(new Uint8Array(answer.rawPayload));
      expect(text).toContain(property.headline);
      expect(text).toContain("Loopback plan");
      expect({ connections, requests }).toEqual({ connections: 0, requests: 0 });
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });

  it("sends the visitor home when the property is missing, as its page does", async () => {
    const answer = await app.inject({ url: "/property/no-such-home/brochure.pdf" });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe("/");
  });
});
