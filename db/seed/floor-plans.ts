/**
 * The demo's floor plans (decision 052): which plans each demo property has, and each plan drawn
 * as an SVG from the property's own facts (its kind, bedrooms, bathrooms, floors and size) with
 * a layout seeded by its code, so every property's plans differ and a rerun draws the same ones.
 * Garages and a few others have none, so the demo shows that case too.
 *
 * A plan is a "treemap" of rooms: the level's outline, cut in two along its longer side in
 * proportion to the rooms' areas, and again, until each piece is one room; then walls, a door
 * into each room from an inside wall, windows on the outside walls, each room's name and size.
 */
import type { BuildingKind } from "./content.ts";
import { createRandom, type Random, seedOf } from "./random.ts";
import { el, escapeText, line, path, rect, svgDocument } from "./svg.ts";

/** The same size as the gallery's photos: a 3:2 picture the viewer sizes alike. */
export const floorPlanImageSize = { width: 1600, height: 1067 } as const;

/** The facts of a property a plan is drawn from. */
export interface FloorPlanFacts {
  code: string;
  headline: string;
  kind: BuildingKind;
  bedroom: number;
  bathroom: number;
  room: number;
  floor: number;
  /** Square feet, every level together. */
  size: number;
}

/** What a room is, for its name and its colour. */
type RoomUse = "living" | "kitchen" | "dining" | "bed" | "bath" | "hall" | "office" | "store";

interface RoomSpec {
  name: string;
  use: RoomUse;
  /** Its share of the level's area, relative to the others. */
  weight: number;
}

/** How to draw one plan. */
export interface FloorPlanDrawing {
  /** Seeds the layout: the plan's file name. */
  seed: string;
  title: string;
  /** Square feet of this level. */
  area: number;
  rooms: RoomSpec[];
}

/** One demo floor plan: what the database stores and how its image is drawn. */
export interface DemoFloorPlan {
  label: string;
  /** File name under property/. */
  file: string;
  /** An image, or a printable PDF of the ground floor (commercial space). */
  kind: "image" | "pdf";
  drawing: FloorPlanDrawing;
  /** A PDF's heading: the property's headline. */
  heading?: string;
}

const levelNames = ["Ground floor", "First floor", "Second floor", "Third floor"];

/** The file of a property's plan number `index` (from 0): `floor-plan-hp-1001-1.png`. */
export function floorPlanFile(code: string, index: number): string {
  return `floor-plan-${code.toLowerCase()}-${index + 1}.png`;
}

/** `count` rooms named "Bedroom 1", "Bedroom 2", … (just "Bedroom" for one). */
function numbered(count: number, name: string, use: RoomUse, weight: number, from = 1) {
  return Array.from({ length: count }, (_, i) => ({
    name: count === 1 && from === 1 ? name : `${name} ${from + i}`,
    use,
    weight,
  }));
}

/** Splits `total` into `parts` whole shares, the first ones larger. */
function share(total: number, parts: number): number[] {
  return Array.from(
    { length: parts },
    (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0),
  );
}

/** The rooms of each level of a home: living rooms below, bedrooms above. */
function homeLevels(facts: FloorPlanFacts, levels: number, random: Random): RoomSpec[][] {
  const bedrooms = Math.max(0, facts.bedroom);
  const bathrooms = Math.max(1, facts.bathroom);
  const dining = facts.kind === "villa" || random.chance(0.5);
  const ground: RoomSpec[] = [
    { name: "Living room", use: "living", weight: random.float(2.2, 3.2) },
    { name: "Kitchen", use: "kitchen", weight: random.float(1.1, 1.6) },
    ...(dining ? [{ name: "Dining", use: "dining" as const, weight: random.float(1, 1.4) }] : []),
    { name: "Hall", use: "hall", weight: random.float(0.5, 0.8) },
  ];
  if (levels === 1) {
    return [
      [
        ...ground,
        ...numbered(bedrooms, "Bedroom", "bed", random.float(1.1, 1.5)),
        ...numbered(bathrooms, "Bathroom", "bath", random.float(0.45, 0.65)),
      ],
    ];
  }
  // Upstairs: the bedrooms and all but one bathroom, shared between the upper levels.
  const upper = levels - 1;
  const bedShares = share(bedrooms, upper);
  const bathShares = share(Math.max(1, bathrooms - 1), upper);
  let bedFrom = 1;
  let bathFrom = 1;
  const uppers = bedShares.map((beds, i) => {
    const baths = bathShares[i] ?? 1;
    const rooms: RoomSpec[] = [
      ...numbered(beds, "Bedroom", "bed", random.float(1.2, 1.6), bedFrom),
      ...numbered(baths, "Bathroom", "bath", random.float(0.5, 0.7), bathFrom),
      { name: "Landing", use: "hall", weight: random.float(0.4, 0.6) },
    ];
    if (beds === 0) rooms.unshift({ name: "Study", use: "office", weight: 1.2 });
    bedFrom += beds;
    bathFrom += baths;
    return rooms;
  });
  return [
    [...ground, { name: "WC", use: "bath", weight: random.float(0.25, 0.35) }],
    ...uppers.map((rooms) =>
      bedrooms === 0 ? rooms : rooms.length > 1 ? rooms : [...rooms, ...ground.slice(0, 1)],
    ),
  ];
}

/** The rooms of an apartment: one level. */
function apartmentRooms(facts: FloorPlanFacts, random: Random): RoomSpec[] {
  if (facts.bedroom === 0) {
    return [
      { name: "Studio", use: "living", weight: random.float(3.5, 4.5) },
      { name: "Kitchenette", use: "kitchen", weight: random.float(0.8, 1.1) },
      { name: "Shower room", use: "bath", weight: random.float(0.5, 0.7) },
      { name: "Entrance", use: "hall", weight: random.float(0.35, 0.5) },
    ];
  }
  return [
    { name: "Living / dining", use: "living", weight: random.float(2.4, 3.4) },
    { name: "Kitchen", use: "kitchen", weight: random.float(1, 1.4) },
    ...numbered(facts.bedroom, "Bedroom", "bed", random.float(1.1, 1.5)),
    ...numbered(Math.max(1, facts.bathroom), "Bathroom", "bath", random.float(0.45, 0.6)),
    { name: "Entrance", use: "hall", weight: random.float(0.4, 0.6) },
  ];
}

/** The rooms of each level of commercial space: open plan, meeting rooms, services. */
function commercialLevels(facts: FloorPlanFacts, levels: number, random: Random): RoomSpec[][] {
  const meetings = share(Math.max(1, facts.room - 2), levels);
  const toilets = share(Math.max(1, facts.bathroom), levels);
  return meetings.map((count, level) => [
    { name: level === 0 ? "Open plan" : "Office floor", use: "office", weight: random.float(4, 6) },
    ...numbered(Math.min(count, 4), "Meeting room", "office", random.float(0.8, 1.2)),
    { name: "Kitchenette", use: "kitchen", weight: random.float(0.5, 0.7) },
    ...numbered(Math.max(1, toilets[level] ?? 1), "WC", "bath", random.float(0.3, 0.45)),
    level === 0
      ? { name: "Reception", use: "hall", weight: random.float(0.8, 1.1) }
      : { name: "Store", use: "store", weight: random.float(0.4, 0.6) },
  ]);
}

/**
 * The demo floor plans of a property: none for a garage and for about one in six others
 * (seeded by its code), else one image per level (apartments: one), at most three; commercial
 * space also has a printable PDF of its ground floor.
 */
export function demoFloorPlansOf(facts: FloorPlanFacts): DemoFloorPlan[] {
  const random = createRandom(seedOf(`${facts.code}:floor-plans`));
  if (facts.kind === "garage" || random.chance(0.16)) return [];
  let levels: RoomSpec[][];
  if (facts.kind === "apartment") levels = [apartmentRooms(facts, random)];
  else if (facts.kind === "commercial") {
    levels = commercialLevels(facts, Math.min(2, Math.max(1, facts.floor)), random);
  } else levels = homeLevels(facts, Math.min(3, Math.max(1, facts.floor)), random);
  const area = Math.max(300, facts.size) / levels.length;
  const plans: DemoFloorPlan[] = levels.map((rooms, index) => {
    const label =
      facts.kind === "apartment" ? "Apartment" : (levelNames[index] ?? `Level ${index}`);
    const file = floorPlanFile(facts.code, index);
    // Rooms in a shuffled order, so two plans with the same rooms still differ.
    const ordered = [rooms[0] as RoomSpec, ...random.shuffle(rooms.slice(1))];
    return {
      label,
      file,
      kind: "image" as const,
      drawing: { seed: file, title: label, area, rooms: ordered },
    };
  });
  const ground = plans[0];
  if (facts.kind === "commercial" && ground !== undefined) {
    plans.push({
      label: "Printable plan",
      file: `floor-plan-${facts.code.toLowerCase()}.pdf`,
      kind: "pdf",
      drawing: ground.drawing,
      heading: facts.headline,
    });
  }
  return plans;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface PlacedRoom extends Box {
  room: RoomSpec;
}

/** Cuts `box` between `rooms` in proportion to their weights (see the file's comment). */
function layOut(box: Box, rooms: readonly RoomSpec[], random: Random): PlacedRoom[] {
  if (rooms.length === 1) return [{ ...box, room: rooms[0] as RoomSpec }];
  const total = rooms.reduce((sum, room) => sum + room.weight, 0);
  // The cut nearest half the weight, nudged a little either way.
  let best = 1;
  let bestGap = Number.POSITIVE_INFINITY;
  let running = 0;
  const target = total * random.float(0.42, 0.58);
  for (let i = 1; i < rooms.length; i++) {
    running += (rooms[i - 1] as RoomSpec).weight;
    const gap = Math.abs(running - target);
    if (gap < bestGap) {
      bestGap = gap;
      best = i;
    }
  }
  const first = rooms.slice(0, best);
  const second = rooms.slice(best);
  const share = first.reduce((sum, room) => sum + room.weight, 0) / total;
  if (box.w >= box.h) {
    const w = box.w * share;
    return [
      ...layOut({ x: box.x, y: box.y, w, h: box.h }, first, random),
      ...layOut({ x: box.x + w, y: box.y, w: box.w - w, h: box.h }, second, random),
    ];
  }
  const h = box.h * share;
  return [
    ...layOut({ x: box.x, y: box.y, w: box.w, h }, first, random),
    ...layOut({ x: box.x, y: box.y + h, w: box.w, h: box.h - h }, second, random),
  ];
}

const fills: Record<RoomUse, string> = {
  living: "#f6efe2",
  kitchen: "#eef5ea",
  dining: "#f3ece4",
  bed: "#e9f0f7",
  bath: "#e3f2f1",
  hall: "#f2f2f0",
  office: "#eef0f6",
  store: "#efefef",
};

const ink = "#2b3035";

/** Feet and inches: 12' 4". */
function feet(value: number): string {
  let whole = Math.floor(value);
  let inches = Math.round((value - whole) * 12);
  if (inches === 12) {
    whole += 1;
    inches = 0;
  }
  return `${whole}' ${inches}"`;
}

/** Where a plan's outline and rooms lie on its 1600 × 1067 picture, and its scale. */
function planLayout(drawing: FloorPlanDrawing) {
  const { width, height } = floorPlanImageSize;
  const random = createRandom(seedOf(drawing.seed));
  const margin = 90;
  const footer = 120;
  const aspect = random.float(1.25, 1.75);
  const available = { w: width - 2 * margin, h: height - margin - footer };
  const outline =
    available.w / available.h > aspect
      ? { w: available.h * aspect, h: available.h }
      : { w: available.w, h: available.w / aspect };
  const box: Box = {
    x: (width - outline.w) / 2,
    y: margin + (available.h - outline.h) / 2,
    ...outline,
  };
  // Feet per pixel: the outline holds the level's area.
  const feetPerPixel = Math.sqrt(drawing.area / (box.w * box.h));
  const rooms = layOut(box, drawing.rooms, random);
  return { random, margin, box, feetPerPixel, rooms };
}

/** The SVG of one plan, 1600 × 1067. */
export function floorPlanSvg(drawing: FloorPlanDrawing): string {
  const { width, height } = floorPlanImageSize;
  const { random, margin, box, feetPerPixel, rooms } = planLayout(drawing);
  const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
  const parts: string[] = [];

  parts.push(rect(0, 0, width, height, { fill: "#fbfaf7" }));
  for (const placed of rooms) {
    parts.push(rect(placed.x, placed.y, placed.w, placed.h, { fill: fills[placed.room.use] }));
  }
  // Inside walls, then the outside wall over them.
  for (const placed of rooms) {
    parts.push(
      rect(placed.x, placed.y, placed.w, placed.h, {
        fill: "none",
        stroke: ink,
        "stroke-width": 6,
      }),
    );
  }
  parts.push(rect(box.x, box.y, box.w, box.h, { fill: "none", stroke: ink, "stroke-width": 16 }));

  const doorPixels = 3 / feetPerPixel;
  for (const placed of rooms) {
    const sides = [
      { side: "top", outside: near(placed.y, box.y), length: placed.w },
      { side: "bottom", outside: near(placed.y + placed.h, box.y + box.h), length: placed.w },
      { side: "left", outside: near(placed.x, box.x), length: placed.h },
      { side: "right", outside: near(placed.x + placed.w, box.x + box.w), length: placed.h },
    ] as const;
    // Windows: the middle of each outside wall, lighter than the wall.
    for (const { side, outside, length } of sides) {
      if (!outside || placed.room.use === "hall" || placed.room.use === "store") continue;
      const span = Math.min(length * random.float(0.3, 0.5), 10 / feetPerPixel);
      const start = (length - span) / 2;
      const window =
        side === "top" || side === "bottom"
          ? rect(placed.x + start, (side === "top" ? placed.y : placed.y + placed.h) - 8, span, 16)
          : rect(
              (side === "left" ? placed.x : placed.x + placed.w) - 8,
              placed.y + start,
              16,
              span,
            );
      parts.push(window.replace("/>", ` fill="#ffffff" stroke="${ink}" stroke-width="2"/>`));
      parts.push(
        side === "top" || side === "bottom"
          ? line(
              placed.x + start,
              side === "top" ? placed.y : placed.y + placed.h,
              placed.x + start + span,
              side === "top" ? placed.y : placed.y + placed.h,
              { stroke: "#7fa7c4", "stroke-width": 3 },
            )
          : line(
              side === "left" ? placed.x : placed.x + placed.w,
              placed.y + start,
              side === "left" ? placed.x : placed.x + placed.w,
              placed.y + start + span,
              { stroke: "#7fa7c4", "stroke-width": 3 },
            ),
      );
    }
    // A door on an inside wall long enough for one: a gap and its swing.
    const inside = sides.filter(({ outside, length }) => !outside && length > doorPixels * 2);
    const door = inside.length > 0 ? random.pick(inside) : undefined;
    if (door !== undefined) {
      const d = Math.min(doorPixels, door.length * 0.4);
      const along = Math.min(
        door.length - d - 10,
        Math.max(10, door.length * random.float(0.1, 0.3)),
      );
      let hinge: [number, number];
      let open: [number, number];
      let leaf: [number, number];
      if (door.side === "top" || door.side === "bottom") {
        const y = door.side === "top" ? placed.y : placed.y + placed.h;
        const dir = door.side === "top" ? 1 : -1;
        hinge = [placed.x + along, y];
        open = [placed.x + along + d, y];
        leaf = [placed.x + along, y + dir * d];
        parts.push(rect(placed.x + along, y - 5, d, 10, { fill: fills[placed.room.use] }));
      } else {
        const x = door.side === "left" ? placed.x : placed.x + placed.w;
        const dir = door.side === "left" ? 1 : -1;
        hinge = [x, placed.y + along];
        open = [x, placed.y + along + d];
        leaf = [x + dir * d, placed.y + along];
        parts.push(rect(x - 5, placed.y + along, 10, d, { fill: fills[placed.room.use] }));
      }
      // The swing's arc is centred on the hinge: its sweep is the side the hinge lies on.
      const cross =
        (open[0] - leaf[0]) * (hinge[1] - leaf[1]) - (open[1] - leaf[1]) * (hinge[0] - leaf[0]);
      parts.push(
        line(hinge[0], hinge[1], leaf[0], leaf[1], { stroke: ink, "stroke-width": 3 }) +
          path(
            `M${leaf[0].toFixed(1)},${leaf[1].toFixed(1)} A${d.toFixed(1)},${d.toFixed(1)} 0 0 ${cross > 0 ? 1 : 0} ${open[0].toFixed(1)},${open[1].toFixed(1)}`,
            { fill: "none", stroke: ink, "stroke-width": 1.5, "stroke-dasharray": "6 5" },
          ),
      );
    }
  }

  // Each room's name and size, as large as its room allows.
  for (const placed of rooms) {
    const cx = placed.x + placed.w / 2;
    const cy = placed.y + placed.h / 2;
    const size = Math.max(
      13,
      Math.min(30, (placed.w - 16) / (placed.room.name.length * 0.75), placed.h / 3),
    );
    const dims = `${feet(placed.w * feetPerPixel)} × ${feet(placed.h * feetPerPixel)}`;
    parts.push(
      el(
        "text",
        {
          x: cx,
          y: cy - size * 0.15,
          "text-anchor": "middle",
          "font-family": "sans-serif",
          "font-size": size,
          "font-weight": "bold",
          fill: ink,
        },
        escapeText(placed.room.name.toUpperCase()),
      ),
    );
    if (placed.h > size * 3 && placed.w > dims.length * size * 0.45) {
      parts.push(
        el(
          "text",
          {
            x: cx,
            y: cy + size * 1.05,
            "text-anchor": "middle",
            "font-family": "sans-serif",
            "font-size": size * 0.72,
            fill: "#4a5560",
          },
          escapeText(dims),
        ),
      );
    }
  }

  // The footer: the level, its area, and that it is an illustration.
  const squareFeet = Math.round(drawing.area);
  const squareMetres = (drawing.area * 0.09290304).toFixed(1);
  parts.push(
    el(
      "text",
      {
        x: margin,
        y: height - 62,
        "font-family": "sans-serif",
        "font-size": 34,
        "font-weight": "bold",
        fill: ink,
      },
      escapeText(drawing.title),
    ),
    el(
      "text",
      { x: margin, y: height - 26, "font-family": "sans-serif", "font-size": 22, fill: "#4a5560" },
      escapeText(
        `Approx. ${squareFeet.toLocaleString("en-US")} sq ft (${squareMetres} m²) · For illustration only, not to scale`,
      ),
    ),
  );
  // A north arrow, turned a little per plan.
  const north = random.int(-40, 40);
  const ax = width - margin - 30;
  const ay = height - 70;
  parts.push(
    el(
      "g",
      { transform: `rotate(${north} ${ax} ${ay})` },
      path(`M${ax},${ay - 36} L${ax + 14},${ay + 20} L${ax},${ay + 10} L${ax - 14},${ay + 20} Z`, {
        fill: ink,
      }) +
        el(
          "text",
          {
            x: ax,
            y: ay - 44,
            "text-anchor": "middle",
            "font-family": "sans-serif",
            "font-size": 20,
            fill: ink,
          },
          "N",
        ),
    ),
  );
  return svgDocument(width, height, "", parts.join(""));
}

/** A PDF string: ASCII and Latin-1 text with `(`, `)` and `\\` escaped. */
function pdfText(text: string): string {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

/** A colour as PDF's 0–1 components. */
function pdfColour(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return [value >> 16, (value >> 8) & 255, value & 255]
    .map((channel) => (channel / 255).toFixed(3))
    .join(" ");
}

/**
 * A one-page A4 landscape PDF of a plan, drawn with PDF's own lines and Helvetica (no library):
 * the rooms with their names and sizes, the level and its area. For the demo's PDF plans.
 */
export function floorPlanPdf(drawing: FloorPlanDrawing, heading: string): Buffer {
  const page = { width: 842, height: 595 };
  const { box, feetPerPixel, rooms } = planLayout(drawing);
  const { width } = floorPlanImageSize;
  // The picture's plan area, scaled onto the page below the heading.
  const scale = Math.min((page.width - 80) / width, (page.height - 150) / box.h / 1.05);
  const left = (page.width - width * scale) / 2;
  const top = 90 - box.y * scale;
  const x = (value: number) => (left + value * scale).toFixed(1);
  const y = (value: number) => (page.height - (top + value * scale)).toFixed(1);
  const size = (value: number) => (value * scale).toFixed(1);
  const lines: string[] = [];
  for (const placed of rooms) {
    lines.push(
      `${pdfColour(fills[placed.room.use])} rg ${x(placed.x)} ${y(placed.y + placed.h)} ${size(placed.w)} ${size(placed.h)} re f`,
    );
  }
  lines.push(`${pdfColour(ink)} RG 2 w`);
  for (const placed of rooms) {
    lines.push(`${x(placed.x)} ${y(placed.y + placed.h)} ${size(placed.w)} ${size(placed.h)} re S`);
  }
  lines.push(`6 w ${x(box.x)} ${y(box.y + box.h)} ${size(box.w)} ${size(box.h)} re S`);
  lines.push(`${pdfColour(ink)} rg`);
  for (const placed of rooms) {
    const name = placed.room.name.toUpperCase();
    const font = Math.max(6, Math.min(11, (placed.w * scale - 8) / (name.length * 0.7)));
    const cx = left + (placed.x + placed.w / 2) * scale;
    const cy = page.height - (top + (placed.y + placed.h / 2) * scale);
    const dims = `${feet(placed.w * feetPerPixel)} \u00d7 ${feet(placed.h * feetPerPixel)}`;
    lines.push(
      `BT /F2 ${font.toFixed(1)} Tf ${(cx - name.length * font * 0.34).toFixed(1)} ${(cy + 2).toFixed(1)} Td ${pdfText(name)} Tj ET`,
    );
    // The size only where it fits across the room.
    if (placed.w * scale > dims.length * font * 0.5) {
      lines.push(
        `BT /F1 ${(font * 0.8).toFixed(1)} Tf ${(cx - dims.length * font * 0.22).toFixed(1)} ${(cy - font).toFixed(1)} Td ${pdfText(dims)} Tj ET`,
      );
    }
  }
  const squareFeet = Math.round(drawing.area).toLocaleString("en-US");
  const squareMetres = (drawing.area * 0.09290304).toFixed(1);
  lines.push(
    `BT /F2 20 Tf 40 ${page.height - 50} Td ${pdfText(heading)} Tj ET`,
    `BT /F1 11 Tf 40 ${page.height - 68} Td ${pdfText(`${drawing.title}: approx. ${squareFeet} sq ft (${squareMetres} m\u00b2)`)} Tj ET`,
    `BT /F1 9 Tf 40 30 Td ${pdfText("For illustration only, not to scale.")} Tj ET`,
  );
  const content = lines.join("\n");
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    font("Helvetica"),
    font("Helvetica-Bold"),
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
