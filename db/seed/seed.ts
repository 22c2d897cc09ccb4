/** Fills a migrated database with the demo content, and empties it again. */
import type { Kysely } from "kysely";
import { isTaken, readAvailability } from "../../lib/availability.ts";
import type { Database } from "../database.ts";
import { recordFirstPrices } from "../queries/price-history.ts";
import { seedDemoApplicants } from "./applicants.ts";
import type { ImageWriteResult } from "./images.ts";

export interface SeedOptions {
  /** Also write the demo images into this folder (property/, sliders/, no.png, logo.png). */
  imageDir?: string;
  /** Rewrite images that already exist (by default they are kept, so a rerun is fast). */
  overwriteImages?: boolean;
  /** Told after each image written or kept (its derivatives included). */
  onImageProgress?: (done: number, total: number) => void;
  /** The moment `created_at` is relative to; now by default. */
  now?: Date;
}

export interface SeedResult {
  properties: number;
  images?: ImageWriteResult;
}

/** True when the database holds no company profile, that is, was never seeded. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("company_profile").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Inserts the demo content in one transaction (on an empty database: codes, slugs and titles
 * are unique) and, given `imageDir`, writes its images there.
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  options: SeedOptions = {},
): Promise<SeedResult> {
  // Loaded here, not at the top: they bring sanitize-html and sharp (libvips), which a server
  // that finds its database already seeded never needs (tens of MB of RSS).
  const { buildDemoContent } = await import("./content.ts");
  const content = buildDemoContent(options.now);
  const seededAt = (options.now ?? new Date()).toISOString();

  await db.transaction().execute(async (trx) => {
    await trx.insertInto("company_profile").values(content.profile).execute();
    await trx.insertInto("slider").values(content.sliders).execute();

    // RETURNING's row order is not guaranteed: match ids by title.
    const amenityRows = await trx
      .insertInto("amenity")
      .values(content.amenities)
      .returning(["id", "title"])
      .execute();
    const amenityIdOf = new Map(amenityRows.map((row) => [row.title, row.id]));
    const amenityIds = content.amenities.map((amenity) => amenityIdOf.get(amenity.title));
    const categories = await trx
      .insertInto("category")
      .values(content.categories.map((title) => ({ title })))
      .returning(["id", "title"])
      .execute();
    const categoryId = new Map(categories.map((row) => [row.title, row.id]));

    await trx
      .insertInto("property")
      .values(
        content.properties.map((property) => ({
          code: property.code,
          slug: property.slug,
          headline: property.headline,
          cover_image: property.cover_image,
          price: property.price,
          address: property.address,
          bedroom: property.bedroom,
          bathroom: property.bathroom,
          room: property.room,
          floor: property.floor,
          size: property.size,
          rating: property.rating,
          garage: property.garage,
          balcony: property.balcony,
          offer_type: property.offer_type,
          publish: property.publish ? 1 : 0,
          created_at: property.created_at,
          description: property.description,
          reference_no: property.reference_no,
          property_status: property.property_status,
          // The demo's 'Under Offer' and 'Let Agreed' listings are in that state, since the seed.
          availability: readAvailability(property.property_status) ?? "available",
          availability_changed_at: isTaken(readAvailability(property.property_status))
            ? seededAt
            : null,
          city: property.city,
          province: property.province,
          country: property.country,
          latitude: property.latitude,
          longitude: property.longitude,
          youtube: property.youtube,
          google_map: property.google_map,
          features: JSON.stringify(property.featureIndexes.map((index) => amenityIds[index])),
          image_list: JSON.stringify(property.image_list),
          related_product: JSON.stringify(property.related_product),
          category_id: categoryId.get(property.category) ?? null,
          ...property.schemaFields,
        })),
      )
      .execute();

    // Each property's floor plans, by the ids its code got.
    const propertyIds = new Map(
      (await trx.selectFrom("property").select(["id", "code"]).execute()).map((row) => [
        row.code,
        row.id,
      ]),
    );
    const floorPlans = content.properties.flatMap((property) =>
      property.floorPlans.map((plan, position) => ({
        property_id: propertyIds.get(property.code) ?? 0,
        position,
        label: plan.label,
        file: plan.file,
        kind: plan.kind,
      })),
    );
    if (floorPlans.length > 0) await trx.insertInto("floor_plan").values(floorPlans).execute();

    // Price histories (decision 076): the demo's changed homes as they went, then every other
    // home's first price, dated its created_at.
    const priceChanges = content.properties.flatMap((property) =>
      property.priceHistory.map((point, index) => ({
        property_id: propertyIds.get(property.code) ?? 0,
        old_price: index === 0 ? null : (property.priceHistory[index - 1]?.price ?? null),
        new_price: point.price,
        rent_period: property.offer_type === "For Rent" ? "month" : null,
        changed_at: point.at,
        source: "seed",
      })),
    );
    if (priceChanges.length > 0)
      await trx.insertInto("price_change").values(priceChanges).execute();
    await recordFirstPrices(trx, "seed");
    // A handful of applicants with requirements (decision 103).
    await seedDemoApplicants(trx, new Date(seededAt));

    await trx
      .insertInto("collection")
      .values(
        content.collections.map((collection) => ({
          title: collection.title,
          item_list: JSON.stringify(collection.item_list),
        })),
      )
      .execute();
  });

  const result: SeedResult = { properties: content.properties.length };
  if (options.imageDir !== undefined) {
    const { writeDemoImages } = await import("./images.ts");
    result.images = await writeDemoImages(options.imageDir, content, {
      overwrite: options.overwriteImages ?? false,
      ...(options.onImageProgress ? { onProgress: options.onImageProgress } : {}),
    });
  }
  return result;
}

/** Deletes every row of every table, enquiries included: a demo reset, not for production. */
export async function resetDatabase(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Children before parents, for the foreign key.
    await trx.deleteFrom("floor_plan").execute();
    await trx.deleteFrom("price_change").execute();
    await trx.deleteFrom("property").execute();
    await trx.deleteFrom("category").execute();
    await trx.deleteFrom("collection").execute();
    await trx.deleteFrom("amenity").execute();
    await trx.deleteFrom("slider").execute();
    await trx.deleteFrom("outbox").where("kind", "=", "enquiry").execute();
    await trx.deleteFrom("enquiry").execute();
    await trx.deleteFrom("applicant").execute();
    await trx.deleteFrom("company_profile").execute();
  });
}
