/** `tel:` href of a phone number as people write it: keeps only digits and a leading +. */
export function telHref(telephone: string): string {
  const trimmed = telephone.trim();
  const digits = trimmed.replace(/[^\d]/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

/** `mailto:` href of an e-mail address. */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** An absolute https URL for a website written with or without its scheme. */
export function websiteHref(website: string): string {
  const trimmed = website.trim();
  if (trimmed === "") return "";
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** The investors site's address of `path` (Login, Register), whatever the origin's slashes. */
export function investorsHref(investorsUrl: string, path: "login" | "register"): string {
  return `${investorsUrl.replace(/\/+$/, "")}/${path}`;
}
