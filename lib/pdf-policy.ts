/**
 * The content security policy of every PDF the site sends: a floor plan's stored file (decision
 * 052) and a property's brochure (053). Chromium shows a PDF inside a page of its own making,
 * with an embedded viewer and inline styles, which the pages' policy (`object-src 'none'`,
 * `style-src 'self'`) would leave blank; this allows just that. `sandbox` gives the document an
 * origin of its own, so whatever a PDF holds (a plan stored before scripts were refused,
 * decision 065) and whatever viewer shows it, nothing in it runs as the site, reads its cookies
 * or storage, or reaches its pages. Chromium's viewer still shows the file (looked at in
 * Chromium 156), so links to it open as before.
 */
export const pdfContentSecurityPolicy =
  "sandbox; default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
