/**
 * A viewing's change posted from the diary or from the viewing's page (decision 102): the
 * form's fields read into a change for the viewings service, at the revision (`sequence`) the
 * page was drawn at. The layout has checked the form token before this runs.
 */
import { data } from "react-router";
import type { AdminViewingsService, StaffSession } from "#app-context";
import {
  isViewingChangeKind,
  type ViewingChange,
  type ViewingChangeKind,
  type ViewingChangeRefusal,
} from "../../lib/admin-viewings.ts";

/** What a refused change answers: the message, and what was typed, to show again. */
export interface ViewingChangeRefused {
  viewingId: number;
  kind: ViewingChangeKind;
  reason: ViewingChangeRefusal;
  message: string;
  values: { date: string; time: string; staff: string; feedback: string };
}

const conflictReasons: readonly ViewingChangeRefusal[] = ["stale", "taken", "status"];

/** A viewing's id from a route parameter or a form field; a 404 when it is not one. */
export function viewingIdOf(value: unknown): number {
  const text = String(value ?? "");
  if (!/^\d{1,9}$/.test(text))
    throw data({ message: "There is no such viewing." }, { status: 404 });
  return Number(text);
}

/**
 * Applies the posted change; answers its kind when saved, or throws the refusal as action data
 * (409 for a conflict with what is stored, 400 for what was typed) for the page to show.
 */
export async function applyViewingChange(
  viewings: AdminViewingsService,
  session: StaffSession,
  id: number,
  form: FormData,
): Promise<
  | { ok: true; kind: ViewingChangeKind }
  | { ok: false; refused: ViewingChangeRefused; status: number }
> {
  const intent = form.get("intent");
  if (!isViewingChangeKind(intent)) throw new Response("Unknown action", { status: 400 });
  const values = {
    date: String(form.get("date") ?? "").trim(),
    time: String(form.get("time") ?? "").trim(),
    staff: String(form.get("staff") ?? ""),
    feedback: String(form.get("feedback") ?? ""),
  };
  const sequenceText = String(form.get("sequence") ?? "");
  const sequence = /^\d{1,9}$/.test(sequenceText) ? Number(sequenceText) : -1;
  let change: ViewingChange;
  if (intent === "move") {
    const staffId = /^\d{1,9}$/.test(values.staff) ? Number(values.staff) : null;
    change = { kind: "move", date: values.date, time: values.time, staffId };
  } else if (intent === "feedback") {
    change = { kind: "feedback", text: values.feedback };
  } else {
    change = { kind: intent };
  }
  const outcome = await viewings.change(session, id, sequence, change);
  if (outcome.ok) return { ok: true, kind: intent };
  if (outcome.reason === "missing") {
    throw data({ message: "There is no such viewing." }, { status: 404 });
  }
  return {
    ok: false,
    status: conflictReasons.includes(outcome.reason) ? 409 : 400,
    refused: {
      viewingId: id,
      kind: intent,
      reason: outcome.reason,
      message: outcome.message,
      values,
    },
  };
}
