import type { EnquiryFieldName } from "../../../lib/enquiry-fields.ts";
import type { EnquiryErrors } from "../../../lib/enquiry-rules.ts";

export interface EnquiryAlertProps {
  /**
   * The dialog's id (its heading's is `${id}-title`); left out in the form's template, whose
   * script gives the copy it shows the same ids (enhance-enquiry-form.ts).
   */
  id?: string;
  kind: "success" | "error";
  /** The server's message, or the network error's message (SPEC §8). */
  message: string;
  /** The server's field errors, listed under the message. */
  errors: EnquiryErrors;
  /** The visible name of a field, for the list. */
  labelOf: (name: EnquiryFieldName) => string;
  /**
   * The form's template: every text a placeholder ('-'), which the script replaces, so that the
   * page's HTML holds no 'Errors!' it does not show.
   */
  template?: boolean;
}

/** The id of the alert's heading, which names its dialog. */
export const alertTitleIdOf = (dialogId: string) => `${dialogId}-title`;

/**
 * The attributes of a button that closes the dialog `dialogId` by itself, without JavaScript
 * (the HTML invoker commands; not yet in React's types).
 */
const closesDialog = (dialogId: string | undefined): Record<string, string> =>
  dialogId ? { commandfor: dialogId, command: "close" } : {};

/**
 * The dismissible outcome of a submission (SPEC §4, §8): 'Success!' followed by the server's
 * message, or 'Errors!' with the message and the fields the server refused. It sits in an open,
 * non-modal `<dialog>` so that its Close button works as plain HTML too, after a post made
 * without JavaScript (issue 13); with JavaScript the form's script then takes it away.
 */
export function EnquiryAlert({
  id,
  kind,
  message,
  errors,
  labelOf,
  template = false,
}: EnquiryAlertProps) {
  const titleId = id ? alertTitleIdOf(id) : undefined;
  const fieldErrors = Object.entries(errors) as [EnquiryFieldName, string][];
  return (
    <dialog open id={id} className="enquiry-alert-dialog" aria-labelledby={titleId}>
      <div className={`enquiry-alert enquiry-alert--${kind}`} role="alert">
        <div className="enquiry-alert__body">
          <h3 id={titleId} className="enquiry-alert__title">
            {template ? "-" : kind === "success" ? "Success!" : "Errors!"}
          </h3>{" "}
          {message ? <p className="enquiry-alert__message">{message}</p> : null}
          {fieldErrors.length > 0 ? (
            <ul className="enquiry-alert__list">
              {fieldErrors.map(([name, text]) => (
                <li key={name}>{template ? "-" : `${labelOf(name)}: ${text}`}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <button
          type="button"
          className="enquiry-alert__close"
          aria-label="Close"
          {...closesDialog(id)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M6 6l12 12M18 6 6 18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
    </dialog>
  );
}
