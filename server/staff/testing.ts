/**
 * A browser for back-office tests over `app.inject()`: it keeps the /admin cookies it is sent,
 * reads each form's token, and signs in like a person would.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export function formTokenOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("the page has no form token");
  return match[1];
}

export interface AdminBrowser {
  cookies: Map<string, string>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, fields: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The form token of the page at `url`. */
  tokenFrom(url: string): Promise<string>;
  signIn(email: string, password: string): Promise<LightMyRequestResponse>;
}

export function adminBrowser(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): AdminBrowser {
  const cookies = new Map<string, string>();
  function keep(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === "") cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
  const cookieHeader = () =>
    [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") || undefined;
  const browser: AdminBrowser = {
    cookies,
    async get(url) {
      const cookie = cookieHeader();
      return keep(
        await app.inject({
          method: "GET",
          url,
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
        }),
      );
    },
    async post(url, fields) {
      const cookie = cookieHeader();
      return keep(
        await app.inject({
          method: "POST",
          url,
          headers: {
            ...headers,
            "content-type": "application/x-www-form-urlencoded",
            ...(cookie ? { cookie } : {}),
          },
          payload: new URLSearchParams(fields).toString(),
        }),
      );
    },
    async tokenFrom(url) {
      return formTokenOf((await browser.get(url)).body);
    },
    async signIn(email, password) {
      const csrf = await browser.tokenFrom("/admin/sign-in");
      return browser.post("/admin/sign-in", { csrf, email, password });
    },
  };
  return browser;
}
