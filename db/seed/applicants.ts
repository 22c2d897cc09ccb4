/**
 * The demo's applicants (decision 103): a handful of people with requirements that match some
 * of the demo's listings, some of whom agreed to be mailed homes, so the back office's
 * applicant pages show something real on a fresh start.
 */
import type { Kysely, Transaction } from "kysely";
import type { ApplicantRequirements } from "../../lib/applicant-requirements.ts";
import type { Database } from "../database.ts";
import {
  insertApplicant,
  insertApplicantNote,
  saveApplicantRequirements,
  setApplicantConsent,
} from "../queries/applicant.ts";

type Db = Kysely<Database> | Transaction<Database>;

interface DemoApplicant {
  name: string;
  email: string;
  phone: string;
  source: "staff" | "enquiry" | "alert" | "newsletter" | "viewing";
  requirements: Omit<ApplicantRequirements, "amenityIds"> & { amenities: string[] };
  consent?: { source: "alert" | "newsletter" | "staff"; note: string };
  note?: string;
}

const any = { budgetMin: null, budgetMax: null, minBeds: null, categoryIds: [], amenities: [] };

const demoApplicants: DemoApplicant[] = [
  {
    name: "Priya Shah",
    email: "priya.shah@example.com",
    phone: "+44 20 7946 0101",
    source: "newsletter",
    requirements: { ...any, wants: "buy", budgetMax: 2_000_000, minBeds: 2, areas: ["london"] },
    consent: { source: "newsletter", note: "" },
    note: "Relocating in spring; prefers a quiet street.",
  },
  {
    name: "Tom Becker",
    email: "tom.becker@example.com",
    phone: "+1 416 555 0102",
    source: "staff",
    requirements: { ...any, wants: "rent", budgetMax: 6000, areas: ["toronto", "vancouver"] },
    consent: { source: "staff", note: "Agreed by phone" },
  },
  {
    name: "Elena Rossi",
    email: "elena.rossi@example.com",
    phone: "",
    source: "alert",
    requirements: { ...any, wants: "buy", budgetMin: 300_000, areas: ["austin", "new york"] },
    consent: { source: "alert", note: "" },
  },
  {
    name: "Hannah Li",
    email: "hannah.li@example.com",
    phone: "+1 512 555 0104",
    source: "staff",
    requirements: { ...any, wants: "buy", minBeds: 3, areas: [], amenities: ["Garden"] },
    consent: { source: "staff", note: "Asked for homes with a garden at the open house" },
  },
  {
    name: "Sam Okafor",
    email: "sam.okafor@example.com",
    phone: "+1 212 555 0105",
    source: "enquiry",
    requirements: { ...any, wants: "rent", areas: ["new york"] },
    note: "Called about a studio; has not agreed to mails yet.",
  },
  {
    name: "Jorge Díaz",
    email: "jorge.diaz@example.com",
    phone: "",
    source: "viewing",
    requirements: { ...any, wants: null, areas: [] },
  },
];

/** Adds the demo's applicants, dated `now`. */
export async function seedDemoApplicants(db: Db, now: Date): Promise<void> {
  const amenities = new Map(
    (await db.selectFrom("amenity").select(["id", "title"]).execute()).map((row) => [
      row.title,
      row.id,
    ]),
  );
  for (const person of demoApplicants) {
    const id = await insertApplicant(db, { ...person, now });
    if (id === undefined) continue;
    const { amenities: names, ...requirements } = person.requirements;
    await saveApplicantRequirements(
      db,
      id,
      { ...requirements, amenityIds: names.flatMap((name) => amenities.get(name) ?? []) },
      now,
    );
    if (person.consent) {
      await setApplicantConsent(db, id, {
        ...person.consent,
        consent: true,
        by: person.consent.source === "staff" ? "seed" : person.consent.source,
        at: now,
      });
    }
    if (person.note) {
      await insertApplicantNote(db, {
        applicantId: id,
        authorEmail: "seed",
        body: person.note,
        now,
      });
    }
  }
}
