/**
 * The back office's preview of a listing (decision 070): any listing, published or not, as its
 * public page would show it, for signed-in staff. Under /admin, so it is private like every
 * back-office answer (never cached, never indexed), yet its document is a public page's: the
 * site's frame and the enhancement module, no React in the browser (decision 043).
 */

/** The preview of listing `code`. */
export function listingPreviewPath(code: string): string {
  return `/admin/listings/${encodeURIComponent(code)}/preview`;
}

/** Whether `pathname` is a listing's preview. */
export function isListingPreview(pathname: string): boolean {
  return /^\/admin\/listings\/[^/]+\/preview$/i.test(pathname);
}

/**
 * Where the back office links to a listing's page: the public page while it is published, the
 * preview otherwise (the public address of a listing that is not published sends visitors home,
 * SPEC §2/§8).
 */
export function listingPagePath(listing: {
  code: string;
  slug: string;
  published: boolean;
}): string {
  return listing.published
    ? `/property/${encodeURIComponent(listing.slug)}`
    : listingPreviewPath(listing.code);
}
