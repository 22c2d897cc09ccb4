/**
 * The property page's share links (issue 18, item 6): plain links carrying the page's canonical
 * URL, no third-party script. Pure, so the server renders them and tests read them.
 */

export interface ShareLink {
  key: "email" | "whatsapp";
  label: string;
  href: string;
}

/** E-mail (mailto: with a subject and the URL in the body) and WhatsApp (wa.me with the text). */
export function shareLinks(url: string, title: string): ShareLink[] {
  const text = `${title} ${url}`;
  return [
    {
      key: "email",
      label: "E-mail",
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(text)}`,
    },
    {
      key: "whatsapp",
      label: "WhatsApp",
      href: `https://wa.me/?text=${encodeURIComponent(text)}`,
    },
  ];
}
