/**
 * The demo images, drawn as SVG and encoded with sharp (no network, no stock photos):
 * property galleries at 1600×1067, sliders at 1920×800, the logo, and the no.png placeholder.
 */
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { writeImageDerivatives } from "../../lib/image-derivatives.server.ts";
import type { DemoContent, PropertyImageSpec, SliderImageSpec } from "./content.ts";
import { exteriorSvg, type TimeOfDay } from "./exterior.ts";
import { floorPlanPdf, floorPlanSvg } from "./floor-plans.ts";
import { interiorSvg, type RoomKind } from "./interior.ts";
import { createRandom, seedOf } from "./random.ts";
import { circle, el, escapeText, linearGradient, path, rect, svgDocument } from "./svg.ts";

export const propertyImageSize = { width: 1600, height: 1067 } as const;
export const sliderImageSize = { width: 1920, height: 800 } as const;
export const noImageSize = { width: 800, height: 533 } as const;
export const logoSize = { width: 240, height: 64 } as const;

/** One file to write: its path under the image folder and how to draw it. */
export interface ImageJob {
  path: string;
  render(): Promise<Buffer>;
  /** Also write its WebP derivatives (listing and slider photos). */
  derivatives?: boolean;
}

export interface ImageWriteOptions {
  overwrite?: boolean;
  concurrency?: number;
  /** Called after each job (its derivatives included) with how many of `total` are done. */
  onProgress?: (done: number, total: number) => void;
}

export interface ImageWriteResult {
  written: number;
  skipped: number;
}

function jpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A line drawing: a palette PNG is a fraction of a full-colour one and stays sharp. */
function floorPlanPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 64 }).toBuffer();
}

/** The building of one property, so that all its outdoor shots show the same one. */
function buildingOf(file: string): string {
  return file.replace(/-[a-z]\.jpg$/, "");
}

export function propertyImageSvg(spec: PropertyImageSpec): string {
  const { width, height } = propertyImageSize;
  const building = buildingOf(spec.file);
  const shotRandom = createRandom(seedOf(spec.file));
  const frontSide = createRandom(seedOf(`${building}:side`)).chance(0.5) ? 1 : -1;
  const room: RoomKind | undefined =
    spec.shot === "living" || spec.shot === "bedroom" || spec.shot === "kitchen"
      ? spec.shot
      : spec.shot === "office"
        ? spec.kind === "garage"
          ? "garage"
          : spec.kind === "commercial"
            ? "office"
            : "living"
        : undefined;
  if (room !== undefined) return interiorSvg(shotRandom, width, height, room);

  const time: TimeOfDay =
    spec.shot === "evening"
      ? "dusk"
      : spec.shot === "side"
        ? shotRandom.pick(["noon", "golden", "morning"] as const)
        : shotRandom.pick(["noon", "noon", "morning", "golden"] as const);
  const side = spec.shot === "side" ? -frontSide : frontSide;
  return exteriorSvg(createRandom(seedOf(building)), shotRandom, {
    width,
    height,
    kind: spec.kind,
    time,
    side: side === 1 ? 1 : -1,
    zoom: spec.shot === "side" ? 1.3 : 1,
    focusX: spec.shot === "side" ? 0.5 + side * 0.12 : 0.5 + shotRandom.float(-0.05, 0.05),
    open: spec.kind === "garage" && spec.shot === "side",
  });
}

export function sliderImageSvg(spec: SliderImageSpec): string {
  const random = createRandom(seedOf(spec.file));
  return exteriorSvg(createRandom(seedOf(`${spec.file}:building`)), random, {
    ...sliderImageSize,
    kind: spec.kind,
    time: random.pick(["golden", "morning", "noon"] as const),
    side: -1,
    zoom: 1,
    // Leave the left of the banner free for its title and buttons.
    focusX: 0.68,
    scale: 1.2,
  });
}

/** A neutral placeholder: light grey with a house outline, no words. */
export function noImageSvg(): string {
  const { width, height } = noImageSize;
  const cx = width / 2;
  const cy = height / 2;
  const stroke = {
    fill: "none",
    stroke: "#aab2bb",
    "stroke-width": 10,
    "stroke-linejoin": "round",
  };
  return svgDocument(
    width,
    height,
    linearGradient("bg", [
      [0, "#eef0f2"],
      [1, "#e1e5e9"],
    ]),
    rect(0, 0, width, height, { fill: "url(#bg)" }) +
      path(`M${cx - 110},${cy - 10} L${cx},${cy - 100} L${cx + 110},${cy - 10}`, {
        ...stroke,
        "stroke-linecap": "round",
      }) +
      path(
        `M${cx - 80},${cy - 30} L${cx - 80},${cy + 90} L${cx + 80},${cy + 90} L${cx + 80},${cy - 30}`,
        stroke,
      ) +
      rect(cx - 22, cy + 30, 44, 60, { fill: "none", stroke: "#aab2bb", "stroke-width": 8 }) +
      rect(cx + 30, cy - 10, 30, 28, { fill: "none", stroke: "#aab2bb", "stroke-width": 6 }) +
      rect(cx - 60, cy - 10, 30, 28, { fill: "none", stroke: "#aab2bb", "stroke-width": 6 }),
  );
}

/**
 * The logo: a house mark and the business name, on a transparent background. The last word
 * (such as "Realty") goes on a second, spaced-out line.
 */
export function logoSvg(businessName: string): string {
  const { width, height } = logoSize;
  const words = businessName.trim().split(/\s+/);
  const last = words.length > 1 ? (words.pop() ?? "") : "";
  const first = words.join(" ");
  const textX = 62;
  const room = width - textX - 4;
  // Squeeze long names into the box rather than spill over.
  const squeeze = (text: string, size: number) =>
    text.length * size * 0.6 > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
  const mark =
    rect(4, 6, 52, 52, { rx: 12, fill: "#1f4e5f" }) +
    path("M14,32 L30,17 L46,32", {
      fill: "none",
      stroke: "#f4e3b5",
      "stroke-width": 4,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    }) +
    path("M19,29 L19,47 L41,47 L41,29", { fill: "none", stroke: "#ffffff", "stroke-width": 3.5 }) +
    rect(26, 36, 8, 11, { fill: "#f4e3b5" }) +
    circle(44, 14, 3, { fill: "#8fc1a9" });
  const title = el(
    "text",
    {
      x: textX,
      y: last === "" ? 40 : 31,
      "font-family": "sans-serif",
      "font-size": 20,
      "font-weight": "bold",
      fill: "#1f4e5f",
      ...squeeze(first, 20),
    },
    escapeText(first),
  );
  const subtitle =
    last === ""
      ? ""
      : el(
          "text",
          {
            x: textX + 1,
            y: 50,
            "font-family": "sans-serif",
            "font-size": 11,
            "letter-spacing": 3.5,
            fill: "#5b7f8c",
          },
          escapeText(last.toUpperCase()),
        );
  return svgDocument(width, height, "", mark + title + subtitle);
}

/** Every image of the demo content, with the fixed ones (logo, placeholder, About picture). */
export function demoImageJobs(content: DemoContent): ImageJob[] {
  const jobs: ImageJob[] = [
    { path: "no.png", render: () => png(noImageSvg()) },
    { path: "logo.png", render: () => png(logoSvg(content.profile.business_name)) },
    {
      path: "property/properties-11.jpg",
      render: () =>
        jpeg(propertyImageSvg({ file: "about-11-a.jpg", kind: "house", shot: "front" })),
      derivatives: true,
    },
  ];
  for (const spec of content.sliderImages) {
    jobs.push({
      path: `sliders/${spec.file}`,
      render: () => jpeg(sliderImageSvg(spec)),
      derivatives: true,
    });
  }
  for (const property of content.properties) {
    for (const spec of property.images) {
      jobs.push({
        path: `property/${spec.file}`,
        render: () => jpeg(propertyImageSvg(spec)),
        derivatives: true,
      });
    }
    for (const plan of property.floorPlans) {
      jobs.push(
        plan.kind === "pdf"
          ? {
              path: `property/${plan.file}`,
              render: async () => floorPlanPdf(plan.drawing, plan.heading ?? plan.label),
            }
          : {
              path: `property/${plan.file}`,
              render: () => floorPlanPng(floorPlanSvg(plan.drawing)),
              derivatives: true,
            },
      );
    }
  }
  return jobs;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the jobs under `imageDir`, a few at a time. Existing files are kept unless
 * `overwrite`; each file appears whole (written aside, then renamed into place). A job with
 * `derivatives` also gets its missing WebP derivatives (all of them, when its original was
 * redrawn), so a kept image folder from before derivatives existed is completed too.
 */
export async function writeImages(
  imageDir: string,
  jobs: readonly ImageJob[],
  options: ImageWriteOptions = {},
): Promise<ImageWriteResult> {
  const result: ImageWriteResult = { written: 0, skipped: 0 };
  let done = 0;
  const queue = [...jobs];
  const folders = new Set(jobs.map((job) => dirname(join(imageDir, job.path))));
  for (const folder of folders) await mkdir(folder, { recursive: true });

  const worker = async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      const target = join(imageDir, job.path);
      const keep = !options.overwrite && (await exists(target));
      if (keep) {
        result.skipped++;
      } else {
        const temporary = `${target}.${process.pid}.tmp`;
        try {
          await writeFile(temporary, await job.render());
          await rename(temporary, target);
        } catch (error) {
          await rm(temporary, { force: true });
          throw new Error(`Could not write the image ${target}`, { cause: error });
        }
        result.written++;
      }
      if (job.derivatives) {
        await writeImageDerivatives(imageDir, job.path, { overwrite: !keep });
      }
      options.onProgress?.(++done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return result;
}

/** Writes every demo image into `imageDir` (property/, sliders/, no.png, logo.png). */
export function writeDemoImages(
  imageDir: string,
  content: DemoContent,
  options: ImageWriteOptions = {},
): Promise<ImageWriteResult> {
  return writeImages(imageDir, demoImageJobs(content), options);
}
