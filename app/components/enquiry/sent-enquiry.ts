/**
 * A sent enquiry's 'Success!' kept through reloads of its page (SPEC §4 reloads the page 3
 * seconds after success; the visitor may reload too), until the visitor moves on: a load of the
 * page that is not a reload, closing the alert or sending again forgets it (decision 071).
 *
 * It lives in this tab's `sessionStorage`, never sent to the server: the page stays the same
 * HTML for every visitor (decision 031) and nothing of it reaches the page cache (010) or
 * another visitor; a copied address carries nothing.
 */
const storageKey = "homes:enquiry-sent";

interface SentEnquiry {
  path: string;
  form: string;
  message: string;
}

function isSentEnquiry(value: unknown): value is SentEnquiry {
  const candidate = value as Partial<SentEnquiry> | null;
  return (
    typeof candidate?.path === "string" &&
    typeof candidate.form === "string" &&
    typeof candidate.message === "string"
  );
}

/** True when this page load is a reload (the script's own after success, or the visitor's). */
function loadedByReload(): boolean {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === "reload";
}

/** Keeps the server's success message of the form `formId` on this page. */
export function rememberSentEnquiry(formId: string, message: string): void {
  const sent: SentEnquiry = { path: window.location.pathname, form: formId, message };
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(sent));
  } catch {
    // No storage (private modes, a full quota): the reload shows no alert, as before.
  }
}

/** Forgets a kept success message. */
export function forgetSentEnquiry(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing kept.
  }
}

/**
 * The success message to show again in the form `formId`: kept for this page and this load a
 * reload. Any other load of a page with an enquiry form forgets it (the visitor moved on).
 */
export function sentEnquiryOnReload(formId: string): string | undefined {
  let sent: unknown;
  try {
    sent = JSON.parse(sessionStorage.getItem(storageKey) ?? "null");
  } catch {
    return undefined;
  }
  if (!isSentEnquiry(sent)) return undefined;
  if (sent.path !== window.location.pathname || !loadedByReload()) {
    forgetSentEnquiry();
    return undefined;
  }
  return sent.form === formId ? sent.message : undefined;
}
