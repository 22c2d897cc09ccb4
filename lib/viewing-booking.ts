/**
 * A viewing booked online (issue 31, decision 101): the form's fields, their rules and every
 * message the visitor reads, shared by the booking page and the server's booking service. The
 * visitor's fields are the enquiry forms' own (names, labels, SPEC §5's messages and lengths).
 */
import { enquiryFieldMaxLength } from "./enquiry-fields.ts";
import { enquiryMessages, isEnquiryEmail } from "./enquiry-rules.ts";

/** The form's fields: the chosen slot (its start, ISO) and how to reach the visitor. */
export const viewingFieldNames = ["slot", "fullname", "telephone", "email", "message"] as const;
export type ViewingFieldName = (typeof viewingFieldNames)[number];
export type ViewingRequestValues = Record<ViewingFieldName, string>;
export type ViewingErrors = Partial<Record<ViewingFieldName | "puzzle", string>>;

export const viewingMessages = {
  chooseSlot: "Please choose a time",
  invalid: "Please correct the highlighted fields and try again.",
  taken:
    "That time has just been taken by someone else. Nothing was booked: please choose another time below.",
  booked: "Viewing requested — tentative until we confirm",
  bookedDetail:
    "We have e-mailed you the details and a calendar invite. The time is held for you; we will confirm it shortly.",
  noAvailability:
    "Viewings of this home cannot be booked online yet. Please ask for one with the enquiry form and we will call you to arrange it.",
  noFreeSlots:
    "There are no free viewing times in the next two weeks. Please ask for one with the enquiry form.",
  gone: "This property is no longer available.",
  unavailable: "Your viewing could not be booked just now. Please try again in a moment.",
  /** Past CONTACT_RATE_LIMIT, which bookings count against with enquiries. */
  tooMany: (after: string) =>
    `Too many requests from your address. Nothing was booked: please try again in ${after}.`,
} as const;

/** Longest accepted value per field (the enquiry forms' lengths). */
const maxLength: Record<ViewingFieldName, number> = {
  slot: 40,
  fullname: enquiryFieldMaxLength.fullname,
  telephone: enquiryFieldMaxLength.telephone,
  email: enquiryFieldMaxLength.email,
  message: 2000,
};

/** The visible name of each field. */
export const viewingFieldLabels: Record<ViewingFieldName | "puzzle", string> = {
  slot: "Time",
  fullname: "Full Name",
  telephone: "Telephone",
  email: "Email",
  message: "Anything we should know? (optional)",
  puzzle: "Puzzle",
};

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Checks a request's fields (not the puzzle: the page's action checks it before). */
export function validateViewingRequest(values: ViewingRequestValues): ViewingErrors {
  const errors: ViewingErrors = {};
  const value = (name: ViewingFieldName) => values[name].trim();
  if (!isoInstant.test(value("slot"))) errors.slot = viewingMessages.chooseSlot;
  for (const name of ["fullname", "telephone"] as const) {
    if (value(name) === "") errors[name] = enquiryMessages.required;
  }
  if (!isEnquiryEmail(value("email"))) errors.email = enquiryMessages.email;
  for (const name of viewingFieldNames) {
    if (!errors[name] && value(name).length > maxLength[name]) {
      errors[name] = enquiryMessages.tooLong(maxLength[name]);
    }
  }
  return errors;
}

/** One time on offer. */
export interface ViewingSlotView {
  /** The slot's start, ISO: the radio button's value. */
  value: string;
  /** `14:30`, the office's local time. */
  time: string;
}

/** A day's times on offer. */
export interface ViewingDayView {
  /** `YYYY-MM-DD`, the office's local date. */
  day: string;
  /** `Tuesday 1 December`. */
  label: string;
  slots: ViewingSlotView[];
}

/** What the booking page shows of a listing. */
export interface ViewingSlotsView {
  listing: { code: string; slug: string; headline: string; address: string };
  /** Whether the listing has any hours at all (its own or the office's). */
  bookable: boolean;
  days: ViewingDayView[];
  /** The office's time zone, named for the visitor (`Europe/London`). */
  timeZone: string;
}

/** A booked viewing, as the success state and its mail describe it. */
export interface BookedViewing {
  /** `Tuesday 1 December 2026, 14:30 to 15:00`. */
  when: string;
  startsAt: string;
  endsAt: string;
}

export type ViewingBookingOutcome =
  | { outcome: "booked"; viewing: BookedViewing }
  | { outcome: "taken" }
  | { outcome: "invalid"; errors: ViewingErrors }
  | { outcome: "gone" }
  /** Past the visitor's rate limit; `after`: how long until they may try again, in words. */
  | { outcome: "limited"; after: string };

const dayLabels = new Map<string, Intl.DateTimeFormat>();

/** `Tuesday 1 December` (or with the year) of a `YYYY-MM-DD` date. */
export function formatViewingDay(day: string, withYear = false): string {
  const key = withYear ? "y" : "n";
  let format = dayLabels.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      ...(withYear ? { year: "numeric" } : {}),
      timeZone: "UTC",
    });
    dayLabels.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(`${day}T12:00:00Z`))) {
    parts[part.type] = part.value;
  }
  const date = `${parts.weekday} ${parts.day} ${parts.month}`;
  return withYear ? `${date} ${parts.year}` : date;
}
