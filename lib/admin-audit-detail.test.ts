/**
 * The audit log's wording (lib/admin-audit-detail.ts): every action the log records, with a
 * detail shaped as its writer stores it, read in the back office's words; and the rules each
 * line keeps: no stored file's hash, no raw JSON, no field key, no staff account's id.
 */
import { describe, expect, it } from "vitest";
import type { AuditAction, AuditEventRow } from "./admin-audit.ts";
import { describeAuditEvent } from "./admin-audit-detail.ts";

const hash = (start: string, fill: string) => `${start}${fill.repeat(56)}`;
const livingRoom = `${hash("3f9a1b2c", "d")}.jpg`;
const kitchen = `${hash("0123abcd", "e")}.jpg`;
const garden = `${hash("77aa88bb", "c")}.webp`;
const plan = `${hash("aa11bb22", "f")}.pdf`;

/** The signed-in owner who made most of the sample events. */
const actor = { actorId: 7, actorEmail: "ann@example.com" };

function event(
  action: string,
  detail: Record<string, unknown>,
  about: Partial<AuditEventRow> = {},
): AuditEventRow {
  return {
    id: 1,
    at: "2026-03-04T12:00:00.000Z",
    ...actor,
    action,
    subjectType: "listing",
    subjectId: "AB-12",
    detail,
    clientAddress: null,
    ...about,
  };
}

const staffAccount = { subjectType: "staff", subjectId: "9" };
const ownAccount = { subjectType: "staff", subjectId: "7" };

interface Sample {
  detail: Record<string, unknown>;
  about?: Partial<AuditEventRow>;
  subject: string;
  changes: string[];
}

/** One event of each action as the back office records it, and what the page says of it. */
const samples: Record<AuditAction, Sample> = {
  "listing.create": {
    detail: {
      changes: {
        code: { before: null, after: "AB-12" },
        headline: { before: null, after: "Quiet flat by the canal" },
        slug: { before: null, after: "" },
        offer_type: { before: null, after: "For Rent" },
        price: { before: null, after: "1450" },
        description: {
          before: null,
          after: "<p>A <strong>bright</strong> flat &amp; a garden.</p>",
        },
        amenities: { before: null, after: ["Garden", "Lift"] },
        related: { before: null, after: [] },
        floor_plans: { before: null, after: `Ground floor=${plan}` },
        publish: { before: null, after: false },
        youtube: { before: null, after: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
        google_map: {
          before: null,
          after: "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3151.835434509374",
        },
      },
    },
    subject: "Listing AB-12",
    changes: [
      "Code: AB-12",
      "Headline: Quiet flat by the canal",
      "Offer: For Rent",
      "Price: 1450",
      "Description: A bright flat & a garden.",
      "Amenities: Garden, Lift",
      "Floor plans: Ground floor",
      "YouTube video address: www.youtube.com/watch?v=dQw4w9WgXcQ",
      "Map embed address: www.google.com/maps/embed?pb=!1m18!1m12!…",
    ],
  },
  "listing.save": {
    detail: {
      changes: {
        headline: { before: "Quiet flat", after: "Quiet flat by the canal" },
        offer_type: { before: "For Sale", after: "For Rent" },
        description: { before: "<p>Old words.</p>", after: "<p>New words.</p>" },
        publish: { before: false, after: true },
        related: { before: [], after: ["AB-3", "AB-4"] },
        floor_plans: {
          before: `Floor plan 1=${plan}`,
          after: `Ground floor=${plan}\nFirst floor=${kitchen}`,
        },
      },
    },
    subject: "Listing AB-12",
    changes: [
      "Headline: Quiet flat → Quiet flat by the canal",
      "Offer: For Sale → For Rent",
      "Description changed",
      "Published on the site: no → yes",
      "Related properties: (none) → AB-3, AB-4",
      "Floor plans: Floor plan 1 → Ground floor, First floor",
    ],
  },
  "listing.duplicate": {
    detail: { from: "AB-11" },
    subject: "Listing AB-12",
    changes: ["Copied from listing AB-11"],
  },
  "listing.publish": { detail: {}, subject: "Listing AB-12", changes: [] },
  "listing.unpublish": { detail: {}, subject: "Listing AB-12", changes: [] },
  "listing.archive": { detail: {}, subject: "Listing AB-12", changes: [] },
  "listing.restore": { detail: {}, subject: "Listing AB-12", changes: [] },
  "listing.delete": {
    detail: { headline: "Quiet flat by the canal" },
    subject: "Listing AB-12",
    changes: ["Headline: Quiet flat by the canal"],
  },
  "listing.import": {
    detail: {
      result: "updated",
      fields: ["price", "cover_image", "image_list", "features", "category_id", "floor_plans"],
    },
    about: { actorId: null, actorEmail: "cli" },
    subject: "Listing AB-12",
    changes: ["Changed: Price, Cover photo, Photos, Amenities, Category, Floor plans"],
  },
  "listing.report": {
    detail: { format: "pdf" },
    subject: "Listing AB-12",
    changes: ["As PDF"],
  },
  "listing.photos-add": {
    detail: { added: [livingRoom, kitchen], count: 5 },
    subject: "Listing AB-12",
    changes: ["2 photos added (5 in all)"],
  },
  "listing.photos-save": {
    detail: {
      changes: {
        cover: { before: livingRoom, after: kitchen },
        [`alt of ${livingRoom}`]: { before: "", after: "Bright living room" },
      },
      order: [livingRoom, kitchen],
      removed: [garden],
    },
    subject: "Listing AB-12",
    // The new cover goes first: the living room is the second photo.
    changes: [
      "Cover photo changed",
      "Alt text of photo 2: (empty) → Bright living room",
      "Order changed",
      "1 photo removed",
    ],
  },
  "listing.floor-plans-add": {
    detail: { added: [`Ground floor=${plan}`, `First floor=${kitchen}`], count: 3 },
    subject: "Listing AB-12",
    changes: ["2 floor plans added (3 in all): Ground floor, First floor"],
  },
  "listing.floor-plans-save": {
    detail: {
      changes: { [`label of ${plan}`]: { before: "Floor plan 1", after: "Whole house" } },
      removed: [kitchen, garden],
    },
    subject: "Listing AB-12",
    changes: ["Label of a plan: Floor plan 1 → Whole house", "2 floor plans removed"],
  },

  "enquiry.status": {
    detail: { changes: { status: { before: "new", after: "in_progress" } } },
    about: { subjectType: "enquiry", subjectId: "42" },
    subject: "Enquiry 42",
    changes: ["Status: New → In progress"],
  },
  "enquiry.assign": {
    detail: { changes: { assignee: { before: null, after: "bob@example.com" } } },
    about: { subjectType: "enquiry", subjectId: "42" },
    subject: "Enquiry 42",
    changes: ["Assigned to: (nobody) → bob@example.com"],
  },
  "enquiry.note": {
    detail: { noteLength: 120 },
    about: { subjectType: "enquiry", subjectId: "42" },
    subject: "Enquiry 42",
    changes: ["Note added (120 characters)"],
  },
  "enquiry.purge": {
    detail: { deleted: 12, createdBefore: "2025-03-04T00:00:00.000Z" },
    about: { actorId: null, actorEmail: "retention", subjectType: "enquiry", subjectId: null },
    subject: "Enquiries",
    changes: ["12 enquiries deleted, all received before 2025-03-04 00:00 UTC"],
  },
  "data-request.export": {
    detail: { enquiries: 1 },
    about: { subjectType: "data-request", subjectId: null },
    subject: "Data request",
    changes: ["1 enquiry exported"],
  },
  "data-request.erase": {
    detail: { deleted: 3 },
    about: { subjectType: "data-request", subjectId: null },
    subject: "Data request",
    changes: ["3 enquiries deleted"],
  },

  "staff.invite": {
    detail: { email: "new@example.com", role: "agent" },
    about: staffAccount,
    subject: "Staff account new@example.com",
    changes: ["Role: Agent"],
  },
  "staff.add": {
    detail: { email: "boss@example.com", role: "owner" },
    about: { ...staffAccount, actorId: null, actorEmail: "cli" },
    subject: "Staff account boss@example.com",
    changes: ["Role: Owner"],
  },
  "staff.link": {
    detail: { email: "bob@example.com" },
    about: staffAccount,
    subject: "Staff account bob@example.com",
    changes: [],
  },
  "staff.set-password": {
    detail: {},
    about: ownAccount,
    subject: "Their own account",
    changes: [],
  },
  "staff.change-password": {
    detail: {},
    about: ownAccount,
    subject: "Their own account",
    changes: [],
  },
  "staff.role": {
    detail: { email: "bob@example.com", changes: { role: { before: "agent", after: "owner" } } },
    about: staffAccount,
    subject: "Staff account bob@example.com",
    changes: ["Role: Agent → Owner"],
  },
  "staff.remove": {
    detail: { email: "bob@example.com", role: "agent", unassignedEnquiries: 2 },
    about: staffAccount,
    subject: "Staff account bob@example.com",
    changes: ["Role: Agent", "2 enquiries no longer assigned to them"],
  },
  "newsletter.delete": {
    detail: {},
    about: { subjectType: "newsletter-subscriber", subjectId: "12" },
    subject: "Newsletter address 12",
    changes: [],
  },
  "session.sign-in": { detail: {}, about: ownAccount, subject: "Their own account", changes: [] },
  "session.sign-out": { detail: {}, about: ownAccount, subject: "Their own account", changes: [] },
  "session.sign-out-everywhere": {
    detail: {},
    about: ownAccount,
    subject: "Their own account",
    changes: [],
  },

  "profile.set": {
    detail: {
      changes: {
        business_name: { before: "Homes", after: "Seaside Homes" },
        email_address: { before: "hello@homes.example", after: "hello@seaside.example" },
        image_url: { before: "logo.png", after: "logo-0123456789ab.png" },
      },
    },
    about: { subjectType: "profile", subjectId: null },
    subject: "Company profile",
    changes: [
      "Business name: Homes → Seaside Homes",
      "E-mail address: hello@homes.example → hello@seaside.example",
      "Logo changed",
    ],
  },
  "slider.add": {
    detail: { title: "Spring offers", image: "spring-0123456789ab.jpg" },
    about: { subjectType: "slider", subjectId: "12" },
    subject: "Slider “Spring offers”",
    changes: [],
  },
  "slider.replace": {
    detail: {
      title: "Summer offers",
      changes: {
        title: { before: "Spring offers", after: "Summer offers" },
        link: { before: "/property", after: "/about" },
        image_url: { before: "spring-0123456789ab.jpg", after: "summer-ba9876543210.jpg" },
      },
    },
    about: { subjectType: "slider", subjectId: "12" },
    subject: "Slider “Summer offers”",
    changes: ["Title: Spring offers → Summer offers", "Link: /property → /about", "Image changed"],
  },
  "slider.move": {
    detail: { title: "Spring offers", direction: "up", position: 1 },
    about: { subjectType: "slider", subjectId: "12" },
    subject: "Slider “Spring offers”",
    changes: ["Moved up to place 1"],
  },
  "slider.remove": {
    detail: { title: "Spring offers" },
    about: { subjectType: "slider", subjectId: "12" },
    subject: "Slider “Spring offers”",
    changes: [],
  },
  "collection.set": {
    detail: { changes: { codes: { before: ["AB-1"], after: ["AB-1", "AB-2"] } } },
    about: { subjectType: "collection", subjectId: "Product Layout 1" },
    subject: "Collection “Product Layout 1”",
    changes: ["Listings: AB-1 → AB-1, AB-2"],
  },
  "amenity.add": {
    detail: { title: "Sauna", icon: "sauna" },
    about: { subjectType: "amenity", subjectId: "5" },
    subject: "Amenity “Sauna”",
    changes: ["Icon: sauna"],
  },
  "amenity.rename": {
    detail: {
      title: "Steam room",
      changes: {
        title: { before: "Sauna", after: "Steam room" },
        icon: { before: "sauna", after: "flame" },
      },
    },
    about: { subjectType: "amenity", subjectId: "5" },
    subject: "Amenity “Steam room”",
    changes: ["Title: Sauna → Steam room", "Icon: sauna → flame"],
  },
  "amenity.remove": {
    detail: { title: "Pool", listings: 3 },
    about: { subjectType: "amenity", subjectId: "5" },
    subject: "Amenity “Pool”",
    changes: ["Taken off 3 listings"],
  },
  "category.add": {
    detail: { title: "Boats" },
    about: { subjectType: "category", subjectId: "4" },
    subject: "Category “Boats”",
    changes: [],
  },
  "category.rename": {
    detail: { title: "Houseboats", changes: { title: { before: "Boats", after: "Houseboats" } } },
    about: { subjectType: "category", subjectId: "4" },
    subject: "Category “Houseboats”",
    changes: ["Title: Boats → Houseboats"],
  },
  "category.remove": {
    detail: { title: "Boats" },
    about: { subjectType: "category", subjectId: "4" },
    subject: "Category “Boats”",
    changes: [],
  },
  "feed.token-add": {
    detail: {},
    about: { subjectType: "feed-consumer", subjectId: "Zillow" },
    subject: "Feed consumer “Zillow”",
    changes: [],
  },
  "feed.token-revoke": {
    detail: {},
    about: { subjectType: "feed-consumer", subjectId: "Zillow" },
    subject: "Feed consumer “Zillow”",
    changes: [],
  },
  "feed.pause": {
    detail: {},
    about: { subjectType: "feed", subjectId: "rightmove" },
    subject: "Feed “Rightmove”",
    changes: [],
  },
  "feed.resume": {
    detail: {},
    about: { subjectType: "feed", subjectId: "reso" },
    subject: "Feed “RESO Web API”",
    changes: [],
  },
  "viewing.confirm": {
    detail: {
      changes: {
        status: { before: "tentative", after: "confirmed" },
        sequence: { before: 0, after: 1 },
      },
    },
    about: { subjectType: "viewing", subjectId: "5" },
    subject: "Viewing 5",
    changes: ["Status: Awaiting confirmation → Confirmed", "Invite revision: 0 → 1"],
  },
  "viewing.decline": {
    detail: { changes: { status: { before: "tentative", after: "declined" } } },
    about: { subjectType: "viewing", subjectId: "5" },
    subject: "Viewing 5",
    changes: ["Status: Awaiting confirmation → Declined"],
  },
  "viewing.cancel": {
    detail: { changes: { status: { before: "confirmed", after: "cancelled" } } },
    about: { subjectType: "viewing", subjectId: "5" },
    subject: "Viewing 5",
    changes: ["Status: Confirmed → Cancelled"],
  },
  "viewing.move": {
    detail: {
      changes: {
        startsAt: { before: "2026-12-01T10:00:00.000Z", after: "2026-12-02T14:30:00.000Z" },
        staff: { before: "ann@example.com", after: "bob@example.com" },
      },
    },
    about: { subjectType: "viewing", subjectId: "5" },
    subject: "Viewing 5",
    changes: [
      "Starts: 2026-12-01 10:00 UTC → 2026-12-02 14:30 UTC",
      "Hosted by: ann@example.com → bob@example.com",
    ],
  },
  "viewing.feedback": {
    detail: { feedbackLength: 42, replaced: false },
    about: { subjectType: "viewing", subjectId: "5" },
    subject: "Viewing 5",
    changes: ["Feedback kept (42 characters)"],
  },
  "viewing.purge": {
    detail: { deleted: 3, endedBefore: "2025-03-04T00:00:00.000Z" },
    about: { actorId: null, actorEmail: "retention", subjectType: "viewing", subjectId: null },
    subject: "Viewings",
    changes: ["3 viewings deleted, all ended before 2025-03-04 00:00 UTC"],
  },
  "applicant.create": {
    detail: {},
    about: { subjectType: "applicant", subjectId: "4" },
    subject: "Applicant 4",
    changes: [],
  },
  "applicant.update": {
    detail: { fields: ["name", "phone"] },
    about: { subjectType: "applicant", subjectId: "4" },
    subject: "Applicant 4",
    changes: ["Name changed", "Phone changed"],
  },
  "applicant.requirements": {
    detail: { requirements: { wants: "buy" } },
    about: { subjectType: "applicant", subjectId: "4" },
    subject: "Applicant 4",
    changes: ["Requirements set"],
  },
  "applicant.consent": {
    detail: { consent: true },
    about: { subjectType: "applicant", subjectId: "4" },
    subject: "Applicant 4",
    changes: ["May be mailed homes"],
  },
  "applicant.note": {
    detail: {},
    about: { subjectType: "applicant", subjectId: "4" },
    subject: "Applicant 4",
    changes: [],
  },
  "applicant.send": {
    detail: { codes: ["AB-12", "AB-13"] },
    about: { subjectType: "applicant", subjectId: "4" },
    subject: "Applicant 4",
    changes: ["Homes sent: AB-12, AB-13"],
  },
  "listing.offer": {
    detail: { applicants: 3, price: 250000 },
    about: { subjectType: "listing", subjectId: "AB-12" },
    subject: "Listing AB-12",
    changes: ["Offered to 3 applicants"],
  },
};

const sampleEntries = Object.entries(samples) as [AuditAction, Sample][];

describe("describeAuditEvent", () => {
  it.each(sampleEntries)("describes %s in the back office's words", (action, sample) => {
    const described = describeAuditEvent(event(action, sample.detail, sample.about));
    expect(described.subject).toBe(sample.subject);
    expect(described.changes).toEqual(sample.changes);
  });

  it("says where a removed category's listings went (decision 057's addendum)", () => {
    const about = { subjectType: "category", subjectId: "4" };
    const removed = (detail: Record<string, unknown>) =>
      describeAuditEvent(event("category.remove", detail, about)).changes;
    expect(removed({ title: "Boats", listings: 3, movedTo: "Houseboats" })).toEqual([
      "3 listings moved to “Houseboats”",
    ]);
    expect(removed({ title: "Boats", listings: 1, movedTo: null })).toEqual([
      "1 listing left without a category",
    ]);
    expect(removed({ title: "Boats", listings: 0, movedTo: null })).toEqual([]);
  });

  it("names each action as the filter's list does", () => {
    expect(describeAuditEvent(event("listing.save", {})).action).toBe("Listing saved");
    expect(describeAuditEvent(event("listing.photos-save", {})).action).toBe("Photos changed");
    // A save merged with a colleague's names them (decision 044's addendum).
    const merged = {
      merged: { fields: ["price"], savedBy: [{ email: "agent@example.com", at: "2026-11-28" }] },
    };
    expect(describeAuditEvent(event("listing.save", merged)).changes).toEqual([
      "Merged with what agent@example.com saved meanwhile",
    ]);
    expect(describeAuditEvent(event("listing.photos-save", merged)).changes).toEqual([
      "Merged with what agent@example.com saved meanwhile",
    ]);
  });

  it("shows no stored file's hash, no JSON, no field key and no account id", () => {
    for (const [action, sample] of sampleEntries) {
      const { subject, changes } = describeAuditEvent(event(action, sample.detail, sample.about));
      for (const line of [subject, ...changes]) {
        expect(line, action).not.toMatch(/[0-9a-f]{16}/);
        expect(line, action).not.toMatch(/[{}[\]"]/);
        expect(line, action).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      }
      if (sample.about?.subjectType === "staff") expect(subject, action).not.toMatch(/\d/);
    }
  });

  it("reads what the content command records: the fields it was given, a slider by its number", () => {
    const cli = { actorId: null, actorEmail: "cli" };
    expect(
      describeAuditEvent(
        event(
          "profile.set",
          { fields: ["business_name", "logo"] },
          { ...cli, subjectType: "profile" },
        ),
      ).changes,
    ).toEqual(["Changed: Business name, Logo"]);
    expect(
      describeAuditEvent(
        event(
          "slider.replace",
          { fields: ["title", "image"] },
          { ...cli, subjectType: "slider", subjectId: "3" },
        ),
      ),
    ).toMatchObject({ subject: "Slider 3", changes: ["Changed: Title, Image"] });
    expect(
      describeAuditEvent(
        event(
          "slider.add",
          { title: "Spring" },
          { ...cli, subjectType: "slider", subjectId: null },
        ),
      ),
    ).toMatchObject({ subject: "Slider “Spring”", changes: [] });
    expect(
      describeAuditEvent(
        event(
          "collection.set",
          { codes: ["AB-1", "AB-2"] },
          { ...cli, subjectType: "collection", subjectId: "Product Layout 2" },
        ),
      ).changes,
    ).toEqual(["Listings: AB-1, AB-2"]);
    expect(
      describeAuditEvent(
        event("listing.import", { result: "inserted", fields: ["code", "headline"] }, cli),
      ).changes,
    ).toEqual(["Added as a new listing"]);
  });

  it("names no internal id in an event recorded before its subject's name was", () => {
    expect(describeAuditEvent(event("staff.link", {}, staffAccount)).subject).toBe(
      "A staff account",
    );
    expect(
      describeAuditEvent(
        event("slider.move", { direction: "down", position: 3 }, { subjectType: "slider" }),
      ),
    ).toEqual({ action: "Slider moved", subject: "Slider", changes: ["Moved down to place 3"] });
    expect(
      describeAuditEvent(
        event(
          "amenity.rename",
          { changes: { icon: { before: "sauna", after: "flame" } } },
          { subjectType: "amenity", subjectId: "5" },
        ),
      ),
    ).toMatchObject({ subject: "Amenity", changes: ["Icon: sauna → flame"] });
  });

  it("names a photo or plan by its place when the new order was recorded, else by its text", () => {
    const alt = { [`alt of ${kitchen}`]: { before: "Kitchen", after: "" } };
    expect(describeAuditEvent(event("listing.photos-save", { changes: alt })).changes).toEqual([
      "Alt text of a photo: Kitchen → (empty)",
    ]);
    expect(
      describeAuditEvent(
        event("listing.floor-plans-save", {
          changes: { [`label of ${plan}`]: { before: "Plan", after: "Loft" } },
          order: [kitchen, plan],
        }),
      ).changes,
    ).toEqual(["Label of plan 2: Plan → Loft", "Order changed"]);
    expect(
      describeAuditEvent(
        event("listing.photos-save", { changes: { cover: { before: "", after: kitchen } } }),
      ).changes,
    ).toEqual(["Cover photo chosen"]);
  });

  it("cuts a long text at a word, and says only that texts that look alike changed", () => {
    const long = `A bright and airy flat ${"with a view of the canal ".repeat(8)}`.trim();
    const [line] = describeAuditEvent(
      event("listing.save", { changes: { headline: { before: "Flat", after: long } } }),
    ).changes;
    expect(line).toMatch(/^Headline: Flat → A bright and airy flat with a view of the canal .*…$/);
    expect(line?.length).toBeLessThan("Headline: Flat → ".length + 82);
    // A real embed address runs to hundreds of characters; two differ near their end.
    const map =
      "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3151.83543450937!2d144.9537363";
    expect(
      describeAuditEvent(
        event("listing.save", {
          changes: { google_map: { before: `${map}1!2d144.95`, after: `${map}1!2d144.96` } },
        }),
      ).changes,
    ).toEqual(["Map embed address changed"]);
  });

  it("reads an action it does not know plainly, without JSON", () => {
    expect(
      describeAuditEvent(
        event("listing.rotate", {
          changes: { turn_angle: { before: { degrees: 0 }, after: { degrees: 90 } } },
          photoCount: 2,
          options: { fast: true },
        }),
      ),
    ).toEqual({
      action: "listing.rotate",
      subject: "Listing AB-12",
      changes: ["Turn angle changed", "Photo count: 2", "Options"],
    });
  });
});
