/** Factories for test data: valid by default, overridable field by field. */
import type { EnquiryFields } from "../../lib/api-contract.ts";
import { createPuzzle } from "../../lib/enquiry-rules.ts";

let sequence = 0;

/** A valid general contact enquiry (no property) with a solved puzzle. */
export function buildContactEnquiry(overrides: Partial<EnquiryFields> = {}): EnquiryFields {
  sequence += 1;
  const puzzle = createPuzzle();
  return {
    fullname: `Visitor ${sequence}`,
    telephone: `+1 555 010 ${String(1000 + sequence).slice(-4)}`,
    email: `visitor${sequence}@example.com`,
    property_code: "",
    message: "Hello, I am interested in ...",
    how_you_hear: "Viewing request",
    num1: String(puzzle.num1),
    num2: String(puzzle.num2),
    answer: String(puzzle.answer),
    puzzle: String(puzzle.answer),
    ...overrides,
  };
}

/** A valid enquiry about the property `code`. */
export function buildPropertyEnquiry(
  code: string,
  overrides: Partial<EnquiryFields> = {},
): EnquiryFields {
  return buildContactEnquiry({ property_code: code, how_you_hear: "Google", ...overrides });
}

/**
 * Writes a JPEG photo (a colour gradient, so encoders have detail to keep) of the given size
 * at `relativePath` under `imageDir`, creating its folder; answers the file's absolute path.
 */
export async function writeTestPhoto(
  imageDir: string,
  relativePath: string,
  size: { width: number; height: number } = { width: 1600, height: 1067 },
): Promise<string> {
  const { default: sharp } = await import("sharp");
  const { mkdir } = await import("node:fs/promises");
  const { dirname, join } = await import("node:path");
  const file = join(imageDir, relativePath);
  await mkdir(dirname(file), { recursive: true });
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fff"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toFile(file);
  return file;
}
