/**
 * What a page says when its data cannot be read now (decision 088): the database is away, or
 * the §7 backend does not answer. Shared by the server's reads (which throw the 503) and the
 * error boundaries that show it, the back office's included, so it ships to the browser.
 */

/** The public site's 503 page. */
export const dataUnavailableMessage =
  "The listings cannot be read just now. Please try again in a moment.";

/** The back office's 503 page and a save that could not be made. */
export const backOfficeUnavailableMessage =
  "The database is not answering just now, so nothing could be read or saved. Please try again in a moment.";

/** Seconds a 503 asks a client (a browser, a proxy) to wait before asking again. */
export const dataUnavailableRetrySeconds = 5;

/**
 * True for the 503 a back-office service or a §7 read throws during an outage (a Response, as
 * thrown, before React Router turns it into an error page): a screen's action catches it to
 * answer its form again, as typed.
 */
export function isUnavailableAnswer(error: unknown): error is Response {
  return error instanceof Response && error.status === 503;
}
