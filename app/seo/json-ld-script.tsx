import { type JsonLd, serializeJsonLd } from "./json-ld.ts";

/**
 * A structured-data block. It is data, not script: browsers do not run it and CSP does not
 * govern it, so it carries no nonce. The JSON is escaped (see `serializeJsonLd`).
 */
export function JsonLdScript({ data }: { data: JsonLd }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, never HTML
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
