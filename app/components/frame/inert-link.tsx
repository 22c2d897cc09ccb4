import type { ReactNode } from "react";

/**
 * A link the SPEC says does nothing (the sidebar's categories, the FAQ's 'Yes'/'No').
 * It has no address, so it does nothing before hydration and without JavaScript too:
 * an `href="#"` cancelled by a click handler would, until React attached that handler,
 * change the address and jump to the top of the page.
 */
export function InertLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: SPEC §2 — these links lead nowhere, by design.
    <a role="link" tabIndex={0} className={`inert-link ${className}`}>
      {children}
    </a>
  );
}
