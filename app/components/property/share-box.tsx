import { useEffect, useId, useRef } from "react";
import { enhanceShare } from "./enhance-share.ts";
import { shareLinks } from "./share-links.ts";

/**
 * 'Share this property': copy link, e-mail, WhatsApp and, where the browser has it, its own
 * share sheet, each carrying `url` (the page's canonical URL). Plain links; enhanceShare adds
 * the clipboard and the Web Share button.
 */
export function ShareBox({ url, title }: { url: string; title: string }) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? enhanceShare(ref.current) : undefined), []);
  return (
    <section
      ref={ref}
      className="sidebar-widget share-box"
      aria-labelledby={headingId}
      data-enhance="share"
      data-share-url={url}
      data-share-title={title}
    >
      <h2 id={headingId} className="sidebar-widget__title">
        Share this property
      </h2>
      <ul className="share-box__links">
        <li>
          <a className="share-box__link" href={url} data-share="copy">
            Copy link
          </a>
        </li>
        {shareLinks(url, title).map((link) => (
          <li key={link.key}>
            <a
              className="share-box__link"
              href={link.href}
              data-share={link.key}
              {...(link.key === "whatsapp" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {link.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="share-box__link" data-share="native" hidden>
            Share…
          </button>
        </li>
      </ul>
      <p className="share-box__status" role="status" data-share-status="" />
    </section>
  );
}
