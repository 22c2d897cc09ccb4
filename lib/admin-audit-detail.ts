/**
 * The audit log's events in the words staff use (decision 050's addendum): what an event is
 * about and what it changed, read from its stored `detail`. Fields are named by the labels of
 * their forms, photos and floor plans are counted and named by position or label (never by
 * their content-hashed file names), long texts are cut, and staff accounts are named by their
 * address. The one place the log's page gets its wording from; each action's is tested.
 */
import {
  type AuditAction,
  type AuditEventRow,
  auditActionNames,
  cliActor,
  isAuditAction,
} from "./admin-audit.ts";
import { profileFieldLabels, sliderFieldLabels, termFieldLabels } from "./admin-content.ts";
import { enquiryStatusNames, formatDateTime, isEnquiryStatus } from "./admin-enquiries.ts";
import { floorPlanLines, listingFieldLabels } from "./admin-listing-form.ts";
import { viewingStatuses, viewingStatusNames } from "./admin-viewings.ts";
import { parseFloorPlanItem } from "./floor-plans.ts";
import { isPortalFeed, portalFeedLabels } from "./portal-readiness.ts";
import { type StaffRole, staffRoleNames } from "./staff-rules.ts";

export interface DescribedAuditEvent {
  /** The action's name: "Listing saved". */
  action: string;
  /** What the event is about: "Listing AB-12", "Staff account ann@example.com", … */
  subject: string;
  /** One line per change; empty when the action's name says it all (a sign-in). */
  changes: string[];
}

type Detail = Record<string, unknown>;
type Change = { before: unknown; after: unknown };

/** The most characters a value shows (a headline fits; a description or a map address is cut). */
const maxShownLength = 80;

/** A content-hashed stored name's 64 hex digits (server/photos/photo-store.ts): 8 are enough. */
const hashedName = /\b([0-9a-f]{8})[0-9a-f]{56}\b/g;

/** One line of text, hashed file names short, cut at a word near `maxShownLength`. */
function shortened(text: string): string {
  const line = text.replace(/\s+/g, " ").trim().replace(hashedName, "$1");
  if (line.length <= maxShownLength) return line;
  const cut = line.slice(0, maxShownLength);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxShownLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The most characters an address shows: its host and the start of its path. */
const maxAddressLength = 40;

/** An http(s) address without its scheme, cut: a map's embed address runs to hundreds. */
function shortAddress(address: string): string {
  const bare = address.replace(/^https?:\/\//, "");
  return bare.length <= maxAddressLength ? bare : `${bare.slice(0, maxAddressLength)}…`;
}

/** The words of a description's HTML (its stored form may be cut inside a tag). */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>|<[^>]*$/g, " ")
    .replaceAll("&nbsp;", " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** A value as a line shows it; undefined when it has no short form (an object). */
function shown(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    const text = value.trim();
    return /^https?:\/\/\S+$/.test(text) ? shortAddress(text) : shortened(text);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "(none)";
    const items = value.map(shown);
    return items.every((item) => item !== undefined) ? shortened(items.join(", ")) : undefined;
  }
  return undefined;
}

function isBlank(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === "" ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** `offer_type` → "Offer type": for a field no form names. */
function humanised(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelOf(labels: Readonly<Record<string, string>>, field: string): string {
  return (Object.hasOwn(labels, field) ? labels[field] : undefined) ?? humanised(field);
}

function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? shortened(value) : undefined;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function textsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

/** "Label: before → after"; "Label changed" when the two look alike or have no short form. */
function changeLine(label: string, change: Change, show = shown): string {
  const before = show(change.before);
  const after = show(change.after);
  if (before === undefined || after === undefined || before === after) return `${label} changed`;
  return `${label}: ${before} → ${after}`;
}

/** The detail's `changes`: each field's value before and after. */
function changesOf(detail: Detail): [string, Change][] {
  const { changes } = detail;
  if (changes === null || typeof changes !== "object" || Array.isArray(changes)) return [];
  return Object.entries(changes).map(([field, change]) => {
    const { before = null, after = null } = (change ?? {}) as Partial<Change>;
    return [field, { before, after }];
  });
}

/** "Changed: Price, Photos" from the names of the fields a command changed. */
function changedNames(fields: unknown, labels: Readonly<Record<string, string>>): string[] {
  const names = [...new Set(textsOf(fields).map((field) => labelOf(labels, field)))];
  return names.length === 0 ? [] : [`Changed: ${names.join(", ")}`];
}

/** A listing form's value: floor plans by their labels, a description by its words. */
function listingValue(field: string, value: unknown): string | undefined {
  if (field === "floor_plans" && typeof value === "string") {
    return shown(floorPlanLines(value).map((line, index) => parseFloorPlanItem(line, index).label));
  }
  if (field === "description" && typeof value === "string") return shown(plainText(value));
  return shown(value);
}

/** A listing's form fields: a new listing's filled ones, or a save's changes. */
function listingFieldLines(detail: Detail, created: boolean): string[] {
  return changesOf(detail).flatMap(([field, change]) => {
    const label = labelOf(listingFieldLabels, field);
    if (created) {
      if (isBlank(change.after)) return [];
      const value = listingValue(field, change.after);
      return [value === undefined ? label : `${label}: ${value}`];
    }
    // A description is pages of HTML, stored cut: its before and after would not fit a line.
    if (field === "description") return [`${label} changed`];
    return [changeLine(label, change, (value) => listingValue(field, value))];
  });
}

/** The import's column names (`npm run content import`) as the editor labels them. */
const importColumnLabels: Readonly<Record<string, string>> = {
  ...listingFieldLabels,
  cover_image: "Cover photo",
  image_list: "Photos",
  features: listingFieldLabels.amenities,
  related_product: listingFieldLabels.related,
  category_id: listingFieldLabels.category,
  created_at: "Date added",
  property_status: "Property status",
  availability_changed_at: "Availability date",
};

const sliderLabels: Readonly<Record<string, string>> = {
  ...sliderFieldLabels,
  image_url: sliderFieldLabels.image,
};

const profileLabels: Readonly<Record<string, string>> = {
  ...profileFieldLabels,
  image_url: profileFieldLabels.logo,
};

/**
 * A save of the photo or floor-plan manager: `changes` (the cover, and `alt of <file>` or
 * `label of <file>`), the new `order` when it changed and the files `removed`. A photo or plan is
 * named by its place in the new order when that was recorded, else by its text alone.
 */
function arrangementLines(
  detail: Detail,
  kind: { text: "alt" | "label"; noun: string; nouns: string; label: (place?: number) => string },
): string[] {
  const changes = changesOf(detail);
  const order = textsOf(detail.order);
  // The site shows the cover first (lib/admin-photos.ts's photoColumns).
  const cover = changes.find(([field]) => field === "cover")?.[1].after;
  if (typeof cover === "string" && order.includes(cover)) {
    order.splice(order.indexOf(cover), 1);
    order.unshift(cover);
  }
  const prefix = `${kind.text} of `;
  const lines = changes.map(([field, change]) => {
    if (field === "cover") {
      if (isBlank(change.before)) return "Cover photo chosen";
      return isBlank(change.after) ? "Cover photo removed" : "Cover photo changed";
    }
    if (field.startsWith(prefix)) {
      const place = order.indexOf(field.slice(prefix.length));
      return changeLine(kind.label(place === -1 ? undefined : place + 1), change);
    }
    return changeLine(humanised(field), change);
  });
  if (order.length > 0) lines.push("Order changed");
  const removed = textsOf(detail.removed).length;
  if (removed > 0) lines.push(`${counted(removed, kind.noun, kind.nouns)} removed`);
  return lines;
}

/** " (12 in all)" when the detail has the count after the change. */
function inAll(detail: Detail): string {
  const count = numberOf(detail.count);
  return count === undefined ? "" : ` (${count} in all)`;
}

const roleName = (value: unknown) =>
  value === "owner" || value === "agent" ? staffRoleNames[value as StaffRole] : shown(value);

const none: () => string[] = () => [];

/**
 * A save merged with colleagues' saves made while it was being edited (decision 044's
 * addendum): whose changes it kept.
 */
function mergedLines(detail: Detail): string[] {
  const merged = detail.merged;
  if (typeof merged !== "object" || merged === null) return [];
  const savedBy = (merged as { savedBy?: unknown }).savedBy;
  const emails = Array.isArray(savedBy)
    ? savedBy.flatMap((save) => textOf((save as { email?: unknown } | null)?.email) ?? [])
    : [];
  return emails.length === 0 ? [] : [`Merged with what ${emails.join(", ")} saved meanwhile`];
}

/** Each action's lines from its detail: the actions `recordAuditEvent` is called with. */
const describers: Record<AuditAction, (detail: Detail) => string[]> = {
  "listing.create": (detail) => listingFieldLines(detail, true),
  "listing.save": (detail) => [...listingFieldLines(detail, false), ...mergedLines(detail)],
  "listing.duplicate": (detail) => {
    const from = textOf(detail.from);
    return from === undefined ? [] : [`Copied from listing ${from}`];
  },
  "listing.publish": none,
  "listing.report": (detail) => {
    const format = textOf(detail.format);
    return format === undefined ? [] : [`As ${format.toUpperCase()}`];
  },
  "listing.unpublish": none,
  "listing.archive": none,
  "listing.restore": none,
  "listing.delete": (detail) => {
    const headline = textOf(detail.headline);
    return headline === undefined ? [] : [`${listingFieldLabels.headline}: ${headline}`];
  },
  "listing.import": (detail) =>
    detail.result === "inserted"
      ? ["Added as a new listing"]
      : changedNames(detail.fields, importColumnLabels),
  "listing.photos-add": (detail) => [
    `${counted(textsOf(detail.added).length, "photo")} added${inAll(detail)}`,
  ],
  "listing.photos-save": (detail) => [
    ...arrangementLines(detail, {
      text: "alt",
      noun: "photo",
      nouns: "photos",
      label: (place) =>
        place === undefined ? "Alt text of a photo" : `Alt text of photo ${place}`,
    }),
    ...mergedLines(detail),
  ],
  "listing.floor-plans-add": (detail) => {
    // Each as `Label=file`.
    const labels = textsOf(detail.added).map(
      (item, index) => parseFloorPlanItem(item, index).label,
    );
    return [
      `${counted(labels.length, "floor plan")} added${inAll(detail)}: ${shown(labels) ?? ""}`,
    ];
  },
  "listing.floor-plans-save": (detail) =>
    arrangementLines(detail, {
      text: "label",
      noun: "floor plan",
      nouns: "floor plans",
      label: (place) => (place === undefined ? "Label of a plan" : `Label of plan ${place}`),
    }),

  "enquiry.status": (detail) =>
    changesOf(detail).map(([, change]) =>
      changeLine("Status", change, (value) =>
        isEnquiryStatus(value) ? enquiryStatusNames[value] : shown(value),
      ),
    ),
  "enquiry.assign": (detail) =>
    changesOf(detail).map(([, change]) =>
      changeLine("Assigned to", change, (value) => (isBlank(value) ? "(nobody)" : shown(value))),
    ),
  // The note itself is on the enquiry (decision 050): only its length is recorded.
  "enquiry.note": (detail) => {
    const length = numberOf(detail.noteLength);
    return [length === undefined ? "Note added" : `Note added (${counted(length, "character")})`];
  },
  "enquiry.purge": (detail) => {
    const deleted = counted(numberOf(detail.deleted) ?? 0, "enquiry", "enquiries");
    const before = typeof detail.createdBefore === "string" ? detail.createdBefore : "";
    const cutOff = formatDateTime(before);
    return [
      cutOff === "" ? `${deleted} deleted` : `${deleted} deleted, all received before ${cutOff}`,
    ];
  },
  "data-request.export": (detail) => [
    `${counted(numberOf(detail.enquiries) ?? 0, "enquiry", "enquiries")}${viewingsToo(detail)} exported`,
  ],
  "data-request.erase": (detail) => [
    `${counted(numberOf(detail.deleted) ?? 0, "enquiry", "enquiries")}${viewingsToo(detail)} deleted`,
  ],

  "staff.invite": (detail) => [`Role: ${roleName(detail.role)}`],
  "staff.add": (detail) => [`Role: ${roleName(detail.role)}`],
  "staff.link": none,
  "staff.set-password": none,
  "staff.change-password": none,
  "staff.role": (detail) =>
    changesOf(detail).map(([, change]) => changeLine("Role", change, roleName)),
  "staff.remove": (detail) => {
    const unassigned = numberOf(detail.unassignedEnquiries) ?? 0;
    return [
      `Role: ${roleName(detail.role)}`,
      ...(unassigned > 0
        ? [`${counted(unassigned, "enquiry", "enquiries")} no longer assigned to them`]
        : []),
    ];
  },
  "session.sign-in": none,
  "session.sign-out": none,
  // Recorded without the address (decision 078): deleting it must not leave it in the log.
  "newsletter.delete": none,
  "session.sign-out-everywhere": none,
  // Applicants (decision 103): named by id; which fields, never their values.
  "applicant.create": none,
  "applicant.update": (detail) =>
    textsOf(detail.fields).map((field) => `${humanised(field)} changed`),
  "applicant.requirements": () => ["Requirements set"],
  "applicant.consent": (detail) => [
    detail.consent === true ? "May be mailed homes" : "May not be mailed homes",
  ],
  "applicant.note": none,
  "applicant.send": (detail) => {
    const codes = textsOf(detail.codes);
    return codes.length === 0 ? [] : [`Homes sent: ${codes.join(", ")}`];
  },
  "listing.offer": (detail) => [
    `Offered to ${counted(numberOf(detail.applicants) ?? 0, "applicant")}`,
  ],

  // Each field's change; the content command's events before decision 084 name the fields it
  // was given.
  "profile.set": (detail) =>
    "changes" in detail
      ? changesOf(detail).map(([field, change]) =>
          field === "image_url"
            ? `${profileLabels.image_url} changed`
            : changeLine(labelOf(profileLabels, field), change),
        )
      : changedNames(detail.fields, profileLabels),
  // Its title names the slider (the subject); the image's file name tells staff nothing.
  "slider.add": none,
  "slider.replace": (detail) =>
    "changes" in detail
      ? changesOf(detail).map(([field, change]) =>
          field === "image_url"
            ? `${sliderLabels.image_url} changed`
            : changeLine(labelOf(sliderLabels, field), change),
        )
      : changedNames(detail.fields, sliderLabels),
  "slider.move": (detail) => {
    const direction = detail.direction === "up" ? "up" : "down";
    const position = numberOf(detail.position);
    return [
      position === undefined ? `Moved ${direction}` : `Moved ${direction} to place ${position}`,
    ];
  },
  "slider.remove": none,
  "collection.set": (detail) =>
    "changes" in detail
      ? changesOf(detail).map(([, change]) => changeLine("Listings", change))
      : [`Listings: ${shown(textsOf(detail.codes))}`],
  "amenity.add": (detail) => {
    const icon = textOf(detail.icon);
    return icon === undefined ? [] : [`${termFieldLabels.icon}: ${icon}`];
  },
  "amenity.rename": (detail) =>
    changesOf(detail).map(([field, change]) => changeLine(labelOf(termFieldLabels, field), change)),
  "amenity.remove": (detail) => {
    const listings = numberOf(detail.listings) ?? 0;
    return listings === 0 ? [] : [`Taken off ${counted(listings, "listing")}`];
  },
  "category.add": none,
  "category.rename": (detail) =>
    changesOf(detail).map(([field, change]) => changeLine(labelOf(termFieldLabels, field), change)),
  "category.remove": (detail) => {
    // Its listings moved first (decision 057's addendum): how many, and where to.
    const listings = numberOf(detail.listings) ?? 0;
    if (listings === 0) return [];
    const movedTo = textOf(detail.movedTo);
    return [
      movedTo === undefined
        ? `${counted(listings, "listing")} left without a category`
        : `${counted(listings, "listing")} moved to “${movedTo}”`,
    ];
  },
  // The consumer's name is the subject; a token is never recorded.
  "feed.token-add": none,
  "feed.token-revoke": none,
  // The feed is the subject; pausing has nothing more to say.
  "feed.pause": none,
  "feed.resume": none,

  "viewing.confirm": viewingLines,
  "viewing.decline": viewingLines,
  "viewing.cancel": viewingLines,
  "viewing.move": viewingLines,
  // The feedback itself is on the viewing: only its length is recorded.
  "viewing.feedback": (detail) => {
    const length = numberOf(detail.feedbackLength);
    const verb = detail.replaced === true ? "replaced" : "kept";
    return [
      length === undefined
        ? `Feedback ${verb}`
        : `Feedback ${verb} (${counted(length, "character")})`,
    ];
  },
  "viewing.purge": (detail) => {
    const deleted = counted(numberOf(detail.deleted) ?? 0, "viewing");
    const cutOff = formatDateTime(typeof detail.endedBefore === "string" ? detail.endedBefore : "");
    return [
      cutOff === "" ? `${deleted} deleted` : `${deleted} deleted, all ended before ${cutOff}`,
    ];
  },
};

/** A data request's viewings, when it had any (issue 31). */
function viewingsToo(detail: Detail): string {
  const viewings = numberOf(detail.viewings) ?? 0;
  return viewings === 0 ? "" : ` and ${counted(viewings, "viewing")}`;
}

/** A viewing's changes: its status, start, member of staff and invite's revision. */
function viewingLines(detail: Detail): string[] {
  const statusName = (value: unknown) =>
    viewingStatuses.includes(value as (typeof viewingStatuses)[number])
      ? viewingStatusNames[value as (typeof viewingStatuses)[number]]
      : shown(value);
  const labels: Record<string, [string, (value: unknown) => string | undefined]> = {
    status: ["Status", statusName],
    startsAt: [
      "Starts",
      (value) => (typeof value === "string" ? formatDateTime(value) : shown(value)),
    ],
    staff: ["Hosted by", (value) => (isBlank(value) ? "(nobody)" : shown(value))],
    sequence: ["Invite revision", shown],
  };
  return changesOf(detail).map(([field, change]) => {
    const [label, format] = labels[field] ?? [humanised(field), shown];
    return changeLine(label, change, format);
  });
}

/** An action this page does not know (a newer server's): each change and value, plainly. */
function genericLines(detail: Detail): string[] {
  const { changes: _changes, ...rest } = detail;
  return [
    ...changesOf(detail).map(([field, change]) => changeLine(humanised(field), change)),
    ...Object.entries(rest).map(([key, value]) => {
      const text = shown(value);
      return text === undefined ? humanised(key) : `${humanised(key)}: ${text}`;
    }),
  ];
}

/** A slider's, amenity's or category's title: recorded, or the one a change gave it. */
function titleIn(detail: Detail): string | undefined {
  const changed = changesOf(detail).find(([field]) => field === "title")?.[1].after;
  return textOf(detail.title) ?? textOf(changed);
}

function subjectOf(event: AuditEventRow): string {
  const { subjectType, subjectId, detail } = event;
  const title = titleIn(detail);
  switch (subjectType) {
    case "listing":
      return subjectId ? `Listing ${subjectId}` : "Listings";
    case "enquiry":
      return subjectId ? `Enquiry ${subjectId}` : "Enquiries";
    case "staff": {
      if (subjectId !== null && subjectId === String(event.actorId)) return "Their own account";
      // Named by the address: an account's id is nobody's to know.
      const email = textOf(detail.email);
      return email === undefined ? "A staff account" : `Staff account ${email}`;
    }
    case "slider":
      if (title !== undefined) return `Slider “${title}”`;
      // Every event records the title since decision 084; the content command's older ones
      // named a slider by its place in the order (`slider list`), an id means nothing to staff.
      return event.actorEmail === cliActor && subjectId ? `Slider ${subjectId}` : "Slider";
    case "amenity":
      return title === undefined ? "Amenity" : `Amenity “${title}”`;
    case "category":
      return title === undefined ? "Category" : `Category “${title}”`;
    case "collection":
      return subjectId ? `Collection “${subjectId}”` : "Collection";
    case "profile":
      return "Company profile";
    case "data-request":
      return "Data request";
    case "newsletter-subscriber":
      return subjectId ? `Newsletter address ${subjectId}` : "Newsletter address";
    case "feed-consumer":
      return subjectId ? `Feed consumer “${subjectId}”` : "Feed consumer";
    case "feed":
      return isPortalFeed(subjectId) ? `Feed “${portalFeedLabels[subjectId]}”` : "Feed";
    case "viewing":
      return subjectId ? `Viewing ${subjectId}` : "Viewings";
    default:
      return subjectId ? `${humanised(subjectType)} ${subjectId}` : humanised(subjectType);
  }
}

/** What an event is about and what it changed, in the words of the back office's forms. */
export function describeAuditEvent(event: AuditEventRow): DescribedAuditEvent {
  const subject = subjectOf(event);
  if (!isAuditAction(event.action)) {
    return { action: event.action, subject, changes: genericLines(event.detail) };
  }
  return {
    action: auditActionNames[event.action],
    subject,
    changes: describers[event.action](event.detail),
  };
}
