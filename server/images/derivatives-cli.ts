/**
 * `npm run images:derivatives [-- --overwrite]`: writes the missing WebP derivatives of every
 * image in the image folder's property/ and sliders/, with a progress bar on stderr. For an
 * image folder from before derivatives existed, or images copied in by hand. (The image route
 * also makes a missing derivative when it is first asked for; this saves visitors the wait.)
 *
 * Reads IMAGE_DIR (default ./data/images).
 */
import { resolve } from "node:path";
import { loadDotEnv } from "../../config/env.ts";
import { createProgressBar } from "../../db/seed/progress.ts";
import { completeImageDerivatives } from "../../lib/image-derivatives.server.ts";

const usage = `Usage: npm run images:derivatives [-- --overwrite]

Writes the missing WebP derivatives (200 to 1600 px wide) of every image in the image
folder's property/ and sliders/.

  --overwrite  rewrite every derivative, also those that exist
  --help       show this help

Environment: IMAGE_DIR (default ./data/images).`;

async function main(args: readonly string[]): Promise<number> {
  if (args.includes("--help")) {
    console.log(usage);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== "--overwrite");
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(" ")}\n\n${usage}`);
    return 2;
  }
  loadDotEnv();
  const imageDir = resolve(process.env.IMAGE_DIR?.trim() || "./data/images");
  const started = performance.now();
  let bar: ReturnType<typeof createProgressBar> | undefined;
  try {
    const result = await completeImageDerivatives(imageDir, {
      overwrite: args.includes("--overwrite"),
      onProgress: (done, total) => {
        bar ??= createProgressBar(total);
        bar.update(done);
      },
    });
    bar?.finish();
    console.log(
      `${result.images} images in ${imageDir}: ${result.written} derivatives written ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    bar?.finish();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof Error && error.cause) console.error(error.cause);
    process.exitCode = 1;
  },
);
