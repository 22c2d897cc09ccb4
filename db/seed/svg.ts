/** A few helpers to write SVG by hand: elements, shapes and colour arithmetic. */

export type Attrs = Record<string, string | number | undefined>;
export type Point = readonly [number, number];

/** Rounds to one decimal, to keep the SVG text small. */
export function r(value: number): number {
  return Math.round(value * 10) / 10;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

export function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function el(tag: string, attrs: Attrs = {}, children = ""): string {
  let out = `<${tag}`;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined) continue;
    out += ` ${name}="${typeof value === "number" ? r(value) : escapeAttribute(value)}"`;
  }
  return children === "" ? `${out}/>` : `${out}>${children}</${tag}>`;
}

export function rect(x: number, y: number, width: number, height: number, attrs: Attrs = {}) {
  return el("rect", { x, y, width, height, ...attrs });
}

export function circle(cx: number, cy: number, radius: number, attrs: Attrs = {}) {
  return el("circle", { cx, cy, r: radius, ...attrs });
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, attrs: Attrs = {}) {
  return el("ellipse", { cx, cy, rx, ry, ...attrs });
}

export function line(x1: number, y1: number, x2: number, y2: number, attrs: Attrs = {}) {
  return el("line", { x1, y1, x2, y2, ...attrs });
}

export function polygon(points: readonly Point[], attrs: Attrs = {}) {
  return el("polygon", { points: points.map(([x, y]) => `${r(x)},${r(y)}`).join(" "), ...attrs });
}

export function path(d: string, attrs: Attrs = {}) {
  return el("path", { d, ...attrs });
}

export function group(children: string, attrs: Attrs = {}) {
  return el("g", attrs, children);
}

export function linearGradient(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  direction: { x1?: number; y1?: number; x2?: number; y2?: number } = { x2: 0, y2: 1 },
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = direction;
  return el(
    "linearGradient",
    { id, x1, y1, x2, y2 },
    stops
      .map(([offset, color, opacity]) =>
        el("stop", { offset, "stop-color": color, "stop-opacity": opacity }),
      )
      .join(""),
  );
}

export function radialGradient(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  attrs: Attrs = {},
): string {
  return el(
    "radialGradient",
    { id, ...attrs },
    stops
      .map(([offset, color, opacity]) =>
        el("stop", { offset, "stop-color": color, "stop-opacity": opacity }),
      )
      .join(""),
  );
}

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${defs === "" ? "" : `<defs>${defs}</defs>`}${body}</svg>`
  );
}

function toRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([red, green, blue]: readonly number[]): string {
  return `#${[red, green, blue]
    .map((channel) =>
      Math.max(0, Math.min(255, Math.round(channel ?? 0)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Mixes two colours: 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const from = toRgb(a);
  const to = toRgb(b);
  return toHex(from.map((channel, i) => channel + ((to[i] ?? 0) - channel) * amount));
}

/** Lightens (amount > 0) towards white or darkens (amount < 0) towards black. */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, "#ffffff", amount) : mix(color, "#000000", -amount);
}
