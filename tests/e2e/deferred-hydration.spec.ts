/**
 * Decision 023: React Router's scripts wait until the page has loaded and painted, and what a
 * visitor does before React has taken over is not lost: a button React handles is clicked again
 * once it has, a post waits for it (with its checks and alerts), and a post goes out as plain
 * HTML when React never comes.
 */
import { expect, type Page, type Request, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { enquiryMessages } from "../../lib/enquiry-rules.ts";
import { parseJsonList } from "../../lib/json-list.ts";
import { listProperties } from "./api.ts";
import {
  answerPuzzle,
  enquiriesFrom,
  enquiryForm,
  fillEnquiryFields,
  puzzleBox,
  submitLabel,
  uniqueEmail,
} from "./enquiry-helpers.ts";
import { holdRequests } from "./hold.ts";
import { routePath } from "./routes.ts";

const reactRouterEntry = /\/assets\/entry\.client-[^/]+\.js$/;

/** Holds React Router's entry module until the returned function is called. */
const holdReact = (page: Page) => holdRequests(page, reactRouterEntry);

/** The form posts the page sends as document navigations (plain HTML, not React's fetch). */
function recordDocumentPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.isNavigationRequest()) posts.push(sent);
  });
  return posts;
}

const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]');

let property: Property;
/** The property's images, cover first, as the thumbnail strip shows them. */
let images: string[];

test.beforeAll(async () => {
  const properties = await listProperties();
  const imagesOf = (candidate: Property) => [
    ...new Set([
      candidate.cover_image,
      ...parseJsonList(candidate.image_list).map((item) => (item as { imageUrl: string }).imageUrl),
    ]),
  ];
  const withImages = properties.find((candidate) => imagesOf(candidate).length > 1);
  expect(withImages, "the demo data has a property with several images").toBeTruthy();
  property = withImages!;
  images = imagesOf(property);
});

for (const route of ["/property", "/search", "/property/{slug}", "/contact", "/no-such-page"]) {
  test(`${route}: no script downloads before the page has loaded, then React takes over`, async ({
    page,
    request,
  }) => {
    const path = routePath(route, property.slug);
    const html = await (await request.get(path)).text();
    expect(html).not.toContain('rel="modulepreload"');

    const events: string[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname.endsWith(".js")) events.push("script");
    });
    page.on("load", () => events.push("load"));
    await page.goto(path);
    await expect(hydrated(page)).toHaveCount(1);
    expect(events[0]).toBe("load");
    expect(events).toContain("script");
  });
}

test("a thumbnail chosen before React has taken over is shown once it has", async ({ page }) => {
  const release = await holdReact(page);
  await page.goto(`/property/${property.slug}`);
  const cover = page.locator(".thumbnail-gallery__cover img");
  const coverOf = (file: string) => `/images/property/${encodeURIComponent(file)}`;
  await page.getByRole("button", { name: `Show image 2 of ${images.length}` }).click();
  await expect(cover).toHaveAttribute("src", coverOf(images[0]!));
  await expect(hydrated(page)).toHaveCount(0);

  release();
  await expect(cover).toHaveAttribute("src", coverOf(images[1]!));
  await expect(hydrated(page)).toHaveCount(1);
});

test("tab clicks and arrow keys made before React has taken over are replayed in order", async ({
  page,
}) => {
  const release = await holdReact(page);
  await page.goto(`/property/${property.slug}`);
  await page.getByRole("tab", { name: "Floor Plans" }).click();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  release();
  const details = page.getByRole("tab", { name: "Details" });
  await expect(details).toHaveAttribute("aria-selected", "true");
  await expect(details).toBeFocused();
  await expect(page.getByRole("tabpanel")).toContainText(property.reference_no);
});

test("an enquiry sent before React has taken over waits for it and is checked on the page", async ({
  page,
}) => {
  const documentPosts = recordDocumentPosts(page);
  const release = await holdReact(page);
  await page.goto("/contact");
  const form = enquiryForm(page, "contact");
  await form.getByLabel("Full Name", { exact: true }).fill("Early Visitor");
  await form.getByRole("button", { name: submitLabel("contact") }).click();

  release();
  // React's own checks, on the same page: nothing was posted.
  await expect(form.getByText(enquiryMessages.required).first()).toBeVisible();
  await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Full Name", { exact: true })).toHaveValue("Early Visitor");
  expect(documentPosts).toEqual([]);
});

test("a valid enquiry sent before React has taken over is sent by React, once", async ({
  page,
}) => {
  const documentPosts = recordDocumentPosts(page);
  const release = await holdReact(page);
  await page.goto(`/property/${property.slug}`);
  const form = enquiryForm(page, "property");
  const email = uniqueEmail("before-react");
  // No puzzle before React reads one (decision 031): the visitor is asked it, fields kept.
  await fillEnquiryFields(form, "property", { fullname: "Early Visitor", email, message: "Early" });
  await form.getByRole("button", { name: submitLabel("property") }).click();
  await expect(hydrated(page)).toHaveCount(0);

  release();
  await expect(puzzleBox(form)).toHaveAccessibleDescription(enquiryMessages.required);
  await expect(form.getByLabel("Full Name", { exact: true })).toHaveValue("Early Visitor");
  await answerPuzzle(form);
  await form.getByRole("button", { name: submitLabel("property") }).click();
  await expect(form.getByRole("alert")).toContainText("Success!");
  expect(documentPosts).toEqual([]);
  expect(await enquiriesFrom(email)).toHaveLength(1);
});

test("an enquiry goes out as plain HTML when React never comes", async ({ page }) => {
  await page.route(reactRouterEntry, (route) => route.abort());
  await page.goto("/contact");
  const form = enquiryForm(page, "contact");
  const email = uniqueEmail("no-react");
  await fillEnquiryFields(form, "contact", { fullname: "Plain Visitor", email, message: "Plain" });
  const posted = page.waitForRequest((sent) => sent.method() === "POST");
  await form.getByRole("button", { name: submitLabel("contact") }).click();
  expect((await posted).isNavigationRequest()).toBe(true);
  // The first post brings the puzzle (decision 031); the answered one sends.
  await answerPuzzle(enquiryForm(page, "contact"));
  await enquiryForm(page, "contact")
    .getByRole("button", { name: submitLabel("contact") })
    .click();

  await expect(enquiryForm(page, "contact").getByRole("alert")).toContainText("Success!");
  expect(await enquiriesFrom(email)).toHaveLength(1);
});
