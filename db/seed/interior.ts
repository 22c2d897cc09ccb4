/**
 * Indoor illustrations: a room in one-point perspective (back wall, floor, side walls,
 * ceiling, a window) furnished with boxes: a living room, bedroom, kitchen, office or garage.
 */
import type { Random } from "./random.ts";
import {
  circle,
  el,
  ellipse,
  group,
  line,
  linearGradient,
  mix,
  type Point,
  polygon,
  radialGradient,
  rect,
  shade,
  svgDocument,
} from "./svg.ts";

export type RoomKind = "living" | "bedroom" | "kitchen" | "office" | "garage";

interface Room {
  random: Random;
  width: number;
  height: number;
  /** Vanishing point. */
  vx: number;
  vy: number;
  /** The back wall. */
  bx: number;
  by: number;
  bw: number;
  bh: number;
  /** y of the floor line at the back wall. */
  floorY: number;
}

/**
 * A point in the room: `x` across the back wall (pixels at the back wall), `h` above the floor
 * (pixels at the back wall), `t` the scale of its depth plane (1 at the back wall, larger
 * nearer the viewer).
 */
function at(room: Room, x: number, h: number, t: number): Point {
  return [room.vx + (x - room.vx) * t, room.vy + (room.floorY - h - room.vy) * t];
}

/**
 * A box standing in the room, from x0 to x1 across, h0 to h1 high and t0 (far) to t1 (near)
 * deep: its visible side, top and front, shaded.
 */
function box(
  room: Room,
  x0: number,
  x1: number,
  h0: number,
  h1: number,
  t0: number,
  t1: number,
  color: string,
): string {
  const parts: string[] = [];
  const eye = room.floorY - room.vy;
  if (x1 < room.vx) {
    parts.push(
      polygon(
        [at(room, x1, h0, t0), at(room, x1, h1, t0), at(room, x1, h1, t1), at(room, x1, h0, t1)],
        {
          fill: shade(color, -0.14),
        },
      ),
    );
  } else if (x0 > room.vx) {
    parts.push(
      polygon(
        [at(room, x0, h0, t0), at(room, x0, h1, t0), at(room, x0, h1, t1), at(room, x0, h0, t1)],
        {
          fill: shade(color, -0.14),
        },
      ),
    );
  }
  if (h1 < eye) {
    parts.push(
      polygon(
        [at(room, x0, h1, t0), at(room, x1, h1, t0), at(room, x1, h1, t1), at(room, x0, h1, t1)],
        {
          fill: shade(color, 0.12),
        },
      ),
    );
  } else if (h0 > eye) {
    parts.push(
      polygon(
        [at(room, x0, h0, t0), at(room, x1, h0, t0), at(room, x1, h0, t1), at(room, x0, h0, t1)],
        {
          fill: shade(color, -0.2),
        },
      ),
    );
  }
  const [fx0, fy1] = at(room, x0, h1, t1);
  const [fx1, fy0] = at(room, x1, h0, t1);
  parts.push(rect(fx0, fy1, fx1 - fx0, fy0 - fy1, { fill: color }));
  return parts.join("");
}

/** A flat shape lying on the floor (a rug, a patch of light). */
function onFloor(
  room: Room,
  x0: number,
  x1: number,
  t0: number,
  t1: number,
  attrs: Record<string, string | number>,
) {
  return polygon(
    [at(room, x0, 0, t0), at(room, x1, 0, t0), at(room, x1, 0, t1), at(room, x0, 0, t1)],
    attrs,
  );
}

function shell(room: Room, wall: string, floor: string, ceiling: string): string {
  const { vx, vy, bx, by, bw, bh } = room;
  const k = 6;
  const out = (p: Point): Point => [vx + (p[0] - vx) * k, vy + (p[1] - vy) * k];
  const tl: Point = [bx, by];
  const tr: Point = [bx + bw, by];
  const bl: Point = [bx, by + bh];
  const br: Point = [bx + bw, by + bh];
  const parts = [
    polygon([tl, tr, out(tr), out(tl)], { fill: ceiling }),
    polygon([tl, bl, out(bl), out(tl)], { fill: shade(wall, -0.07) }),
    polygon([tr, br, out(br), out(tr)], { fill: shade(wall, -0.13) }),
    polygon([bl, br, out(br), out(bl)], { fill: floor }),
  ];
  // Floorboards (or tile joints) converge on the vanishing point.
  const boards: string[] = [];
  for (let x = bx - bw * 2; x <= bx + bw * 3; x += bw / 14) {
    const a: Point = [x, by + bh];
    boards.push(line(a[0], a[1], out(a)[0], out(a)[1], {}));
  }
  parts.push(
    group(boards.join(""), { stroke: "#000000", "stroke-opacity": 0.12, "stroke-width": 2 }),
  );
  for (const t of [1.35, 1.9, 2.8, 4.4]) {
    const [x0, y] = at(room, bx - bw * 3, 0, t);
    const [x1] = at(room, bx + bw * 4, 0, t);
    parts.push(
      line(x0, y, x1, y, { stroke: "#000000", "stroke-opacity": 0.06, "stroke-width": 2 }),
    );
  }
  parts.push(rect(bx, by, bw, bh, { fill: wall }));
  // Skirting along the back wall and the two side walls.
  parts.push(rect(bx, by + bh - 10, bw, 10, { fill: shade(wall, 0.35) }));
  for (const x of [bx, bx + bw]) {
    parts.push(
      polygon([at(room, x, 0, 1), at(room, x, 10, 1), at(room, x, 10, k), at(room, x, 0, k)], {
        fill: shade(wall, 0.2),
      }),
    );
  }
  // Cornice.
  parts.push(rect(bx, by, bw, 6, { fill: shade(ceiling, -0.06) }));
  return parts.join("");
}

/** A window in the back wall with a view: sky, hills or towers, and curtains. */
function backWindow(
  room: Room,
  x: number,
  y: number,
  w: number,
  h: number,
  options: { urban: boolean; curtains: boolean },
): string {
  const { urban } = options;
  const { random } = room;
  const clipId = `window${Math.round(x)}x${Math.round(y)}`;
  const view = [rect(x, y, w, h, { fill: "url(#view)" })];
  const horizon = y + h * 0.68;
  if (urban) {
    for (let tx = x; tx < x + w; tx += random.float(20, 48)) {
      const th = random.float(0.15, 0.55) * h;
      view.push(
        rect(tx, horizon - th, random.float(16, 40), th + h * 0.32, {
          fill: "#9fb0c4",
          opacity: 0.85,
        }),
      );
    }
  } else {
    view.push(ellipse(x + w * 0.3, horizon + h * 0.1, w * 0.5, h * 0.2, { fill: "#8fb07a" }));
    view.push(ellipse(x + w * 0.8, horizon + h * 0.12, w * 0.45, h * 0.18, { fill: "#7aa068" }));
    for (let i = 0; i < 4; i++) {
      view.push(
        circle(
          x + random.float(0.05, 0.95) * w,
          horizon - random.float(0, 0.08) * h,
          random.float(0.05, 0.1) * w,
          { fill: "#5d8a4d" },
        ),
      );
    }
    view.push(rect(x, horizon + h * 0.12, w, h * 0.2, { fill: "#86ad6c" }));
  }
  const parts = [
    rect(x - 10, y - 10, w + 20, h + 20, { fill: "#f7f5f0" }),
    el("clipPath", { id: clipId }, rect(x, y, w, h)),
    group(view.join(""), { "clip-path": `url(#${clipId})` }),
  ];
  parts.push(rect(x + w / 2 - 4, y, 8, h, { fill: "#f7f5f0" }));
  parts.push(rect(x, y + h * 0.62, w, 8, { fill: "#f7f5f0" }));
  parts.push(rect(x - 20, y + h + 6, w + 40, 12, { fill: "#efece5" }));
  if (!options.curtains) return parts.join("");
  const curtain = random.pick(["#d9c7a7", "#b8c6c9", "#e6d5d0", "#a7b59b", "#f0ede6"]);
  for (const cx of [x - 46, x + w - 14]) {
    parts.push(rect(cx, y - 30, 60, h + 70, { fill: curtain }));
    for (let i = 1; i < 4; i++)
      parts.push(rect(cx + i * 15 - 2, y - 30, 4, h + 70, { fill: shade(curtain, -0.12) }));
  }
  parts.push(rect(x - 70, y - 36, w + 140, 8, { fill: "#6b5b4d" }));
  return parts.join("");
}

function art(room: Room, x: number, y: number, w: number, h: number): string {
  const { random } = room;
  const colors = random.shuffle(["#d8794e", "#2f5d7c", "#e5c15a", "#7a9a6b", "#b74a5a", "#3c3c3c"]);
  return [
    rect(x - 8, y - 8, w + 16, h + 16, { fill: random.pick(["#2b2b2b", "#c9a46a", "#f4f1ea"]) }),
    rect(x, y, w, h, { fill: "#f6f2ea" }),
    circle(x + w * random.float(0.3, 0.7), y + h * random.float(0.3, 0.6), Math.min(w, h) * 0.28, {
      fill: colors[0] ?? "#d8794e",
    }),
    rect(x + w * 0.1, y + h * 0.62, w * 0.8, h * 0.22, {
      fill: colors[1] ?? "#2f5d7c",
      opacity: 0.85,
    }),
    rect(x + w * random.float(0.05, 0.5), y + h * 0.15, w * 0.3, h * 0.12, {
      fill: colors[2] ?? "#e5c15a",
    }),
  ].join("");
}

function plant(room: Room, x: number, t: number): string {
  const { random } = room;
  const [px, py] = at(room, x, 0, t);
  const s = t * 1.1;
  const parts = [
    polygon(
      [
        [px - 26 * s, py - 60 * s],
        [px + 26 * s, py - 60 * s],
        [px + 18 * s, py],
        [px - 18 * s, py],
      ],
      { fill: random.pick(["#c4704a", "#e8e4dc", "#3a3a3a"]) },
    ),
  ];
  for (let i = 0; i < 9; i++) {
    const angle = -Math.PI / 2 + random.float(-1.1, 1.1);
    const length = random.float(50, 110) * s;
    const lx = px + Math.cos(angle) * length * 0.55;
    const ly = py - 60 * s + Math.sin(angle) * length * 0.55;
    parts.push(
      ellipse(lx, ly, 12 * s, length * 0.5, {
        fill: random.pick(["#3f7a3a", "#4f8c45", "#2f6331"]),
        transform: `rotate(${Math.round((angle * 180) / Math.PI + 90)},${Math.round(lx)},${Math.round(ly)})`,
      }),
    );
  }
  return parts.join("");
}

function pendant(room: Room, x: number, t: number, color: string): string {
  const [cx, top] = at(room, x, room.bh, t);
  const [, y] = at(room, x, room.bh * 0.72, t);
  return [
    line(cx, top, cx, y, { stroke: "#2b2b2b", "stroke-width": 2 }),
    polygon(
      [
        [cx - 26 * t, y + 24 * t],
        [cx + 26 * t, y + 24 * t],
        [cx + 10 * t, y],
        [cx - 10 * t, y],
      ],
      { fill: color },
    ),
    ellipse(cx, y + 26 * t, 16 * t, 5 * t, { fill: "#fff3c8" }),
  ].join("");
}

function sofa(room: Room, x0: number, x1: number, t: number, color: string): string {
  const d = 0.22;
  return [
    box(room, x0, x1, 12, 110, t, t + 0.06, shade(color, -0.05)),
    box(room, x0, x1, 12, 55, t + 0.06, t + d, color),
    box(room, x0 + 12, x1 - 12, 55, 66, t + 0.06, t + d - 0.02, shade(color, 0.15)),
    box(room, x0 - 26, x0 + 4, 12, 78, t, t + d, shade(color, -0.08)),
    box(room, x1 - 4, x1 + 26, 12, 78, t, t + d, shade(color, -0.08)),
    box(room, x0 + 6, x0 + 20, 0, 12, t + d - 0.03, t + d, "#3a2d22"),
    box(room, x1 - 20, x1 - 6, 0, 12, t + d - 0.03, t + d, "#3a2d22"),
  ].join("");
}

function living(room: Room): string {
  const { random, vx, bw } = room;
  const fabric = random.pick(["#5b7c8d", "#8a6f5a", "#9aa17f", "#c7b9a4", "#47505e", "#b46a55"]);
  const wood = random.pick(["#8a5a3b", "#b68a60", "#3b2f27"]);
  const sofaW = bw * 0.46;
  const sofaX = vx - sofaW / 2 + random.float(-0.08, 0.08) * bw;
  const rugColor = random.pick(["#d9cbb4", "#b8c4c2", "#c99a86", "#e3dfd6"]);
  return [
    onFloor(room, sofaX - 60, sofaX + sofaW + 60, 1.2, 1.75, { fill: rugColor }),
    onFloor(room, sofaX - 40, sofaX + sofaW + 40, 1.24, 1.7, {
      fill: "none",
      stroke: shade(rugColor, -0.2),
      "stroke-width": 6,
    }),
    plant(room, sofaX - 80, 1.08),
    sofa(room, sofaX, sofaX + sofaW, 1.08, fabric),
    // Floor lamp.
    box(room, sofaX + sofaW + 60, sofaX + sofaW + 66, 0, 150, 1.12, 1.13, "#2b2b2b"),
    box(room, sofaX + sofaW + 40, sofaX + sofaW + 86, 150, 190, 1.1, 1.15, "#f3e6c6"),
    // Coffee table.
    box(room, vx - 90, vx + 90, 0, 34, 1.45, 1.62, shade(wood, -0.1)),
    box(room, vx - 100, vx + 100, 34, 42, 1.43, 1.64, wood),
    box(room, vx - 40, vx - 10, 42, 58, 1.5, 1.54, random.pick(["#e5c15a", "#2f5d7c", "#c75b4a"])),
    pendant(room, vx, 1.4, random.pick(["#2b2b2b", "#c9a46a", "#e8e4dc"])),
  ].join("");
}

function bedroom(room: Room): string {
  const { random, vx, bw } = room;
  const linen = random.pick(["#f4f1ea", "#dfe6ee", "#e9ddd2", "#d9e2d5"]);
  const throwColor = random.pick(["#5b7c8d", "#b46a55", "#9aa17f", "#47505e", "#c9a46a"]);
  const wood = random.pick(["#8a5a3b", "#b68a60", "#5a4636"]);
  const bedW = bw * 0.4;
  const x0 = vx - bedW / 2 + random.float(-0.06, 0.06) * bw;
  const x1 = x0 + bedW;
  return [
    onFloor(room, x0 - 90, x1 + 90, 1.3, 1.85, {
      fill: random.pick(["#d9cbb4", "#c2c9cf", "#e3dfd6"]),
    }),
    box(room, x0 - 10, x1 + 10, 0, 150, 1.0, 1.03, wood),
    box(room, x0 - 100, x0 - 30, 0, 60, 1.02, 1.14, wood),
    box(room, x1 + 30, x1 + 100, 0, 60, 1.02, 1.14, wood),
    box(room, x0 - 80, x0 - 50, 60, 110, 1.06, 1.09, "#f3e6c6"),
    box(room, x1 + 50, x1 + 80, 60, 110, 1.06, 1.09, "#f3e6c6"),
    box(room, x0, x1, 0, 40, 1.03, 1.55, shade(wood, -0.15)),
    box(room, x0 + 4, x1 - 4, 40, 70, 1.03, 1.55, linen),
    box(room, x0 + 14, vx - 10, 70, 96, 1.05, 1.12, shade(linen, 0.4)),
    box(room, vx + 10, x1 - 14, 70, 96, 1.05, 1.12, shade(linen, 0.4)),
    box(room, x0 + 2, x1 - 2, 40, 74, 1.28, 1.56, throwColor),
  ].join("");
}

function kitchen(room: Room): string {
  const { random, bx, bw, vx } = room;
  const cabinet = random.pick(["#f4f2ed", "#3f5566", "#6f7d68", "#d8cdbd", "#2f3337"]);
  const counter = random.pick(["#e8e6e1", "#2b2b2b", "#c9b89d"]);
  const parts: string[] = [];
  // Base cabinets and worktop along the back wall, with doors.
  parts.push(box(room, bx, bx + bw, 0, 88, 1.0, 1.14, cabinet));
  for (let x = bx + 10; x < bx + bw - 60; x += 70) {
    const [dx0, dy0] = at(room, x, 80, 1.14);
    const [dx1, dy1] = at(room, x + 60, 12, 1.14);
    parts.push(
      rect(dx0, dy0, dx1 - dx0, dy1 - dy0, {
        fill: "none",
        stroke: shade(cabinet, -0.18),
        "stroke-width": 2,
      }),
    );
    parts.push(rect(dx0 + (dx1 - dx0) / 2 - 12, dy0 + 10, 24, 4, { fill: "#9a9a9a" }));
  }
  parts.push(box(room, bx, bx + bw, 88, 96, 1.0, 1.16, counter));
  // Splashback tiles, upper cabinets and a hood.
  parts.push(
    rect(bx, room.floorY - 150, bw, 54, { fill: random.pick(["#e4ecef", "#f1ede4", "#d3dccf"]) }),
  );
  parts.push(box(room, bx, vx - 90, 160, 240, 1.0, 1.08, cabinet));
  parts.push(box(room, vx + 90, bx + bw, 160, 240, 1.0, 1.08, cabinet));
  parts.push(box(room, vx - 70, vx + 70, 190, 250, 1.0, 1.06, "#b9bcbf"));
  parts.push(box(room, vx - 60, vx + 60, 96, 100, 1.02, 1.12, "#2b2b2b"));
  // Island with stools.
  const islandW = bw * 0.5;
  parts.push(
    box(room, vx - islandW / 2, vx + islandW / 2, 0, 86, 1.55, 1.8, shade(cabinet, -0.05)),
  );
  parts.push(box(room, vx - islandW / 2 - 12, vx + islandW / 2 + 12, 86, 94, 1.53, 1.84, counter));
  for (let i = 0; i < 3; i++) {
    const sx = vx - islandW / 3 + (i * islandW) / 3;
    parts.push(box(room, sx - 3, sx + 3, 0, 64, 1.98, 2.0, "#2b2b2b"));
    parts.push(
      box(
        room,
        sx - 24,
        sx + 24,
        64,
        72,
        1.9,
        2.05,
        random.pick(["#b68a60", "#2b2b2b", "#c75b4a"]),
      ),
    );
  }
  parts.push(
    pendant(room, vx - islandW / 4, 1.65, "#2b2b2b"),
    pendant(room, vx + islandW / 4, 1.65, "#2b2b2b"),
  );
  return parts.join("");
}

function office(room: Room): string {
  const { random, vx, bw } = room;
  const desk = random.pick(["#f2f0eb", "#b68a60", "#e1ddd5"]);
  const chair = random.pick(["#3a3f47", "#3f5566", "#8a3b3b", "#5b6b5a"]);
  const parts: string[] = [];
  for (const t of [1.15, 1.5]) {
    for (const side of [-1, 1]) {
      const x0 = side === -1 ? vx - bw * 0.42 : vx + bw * 0.06;
      const x1 = x0 + bw * 0.36;
      parts.push(box(room, x0 + 10, x0 + 16, 0, 72, t + 0.02, t + 0.03, "#5a5a5a"));
      parts.push(box(room, x1 - 16, x1 - 10, 0, 72, t + 0.02, t + 0.03, "#5a5a5a"));
      parts.push(box(room, x0, x1, 72, 78, t, t + 0.14, desk));
      for (let m = 0; m < 2; m++) {
        const mx = x0 + (x1 - x0) * (0.25 + m * 0.5);
        parts.push(box(room, mx - 34, mx + 34, 88, 134, t + 0.03, t + 0.035, "#1f2328"));
        parts.push(box(room, mx - 4, mx + 4, 78, 88, t + 0.035, t + 0.04, "#5a5a5a"));
        // A desk chair seen from behind: base, seat, back.
        parts.push(box(room, mx - 3, mx + 3, 0, 40, t + 0.2, t + 0.21, "#4a4a4a"));
        parts.push(box(room, mx - 24, mx + 24, 40, 48, t + 0.15, t + 0.22, shade(chair, 0.1)));
        parts.push(box(room, mx - 22, mx + 22, 54, 104, t + 0.22, t + 0.235, chair));
      }
    }
  }
  parts.push(plant(room, vx + bw * 0.47, 1.05));
  return parts.join("");
}

function garageInside(room: Room): string {
  const { random, vx, bx, bw } = room;
  const body = random.pick(["#b3262e", "#2f5d8a", "#d9d9d9", "#2b2b2b", "#5c6b3a"]);
  const parts: string[] = [];
  // Shelves with boxes on the back wall.
  for (const h of [60, 130, 200]) {
    parts.push(box(room, bx + 20, bx + bw * 0.35, h, h + 6, 1.0, 1.1, "#8a7560"));
    for (let x = bx + 30; x < bx + bw * 0.33; x += random.float(40, 70)) {
      parts.push(
        box(
          room,
          x,
          x + 34,
          h + 6,
          h + 6 + random.float(20, 44),
          1.01,
          1.08,
          random.pick(["#c9a46a", "#7a8a99", "#b0533c", "#d9d4ca"]),
        ),
      );
    }
  }
  // Workbench on the right.
  parts.push(box(room, bx + bw * 0.7, bx + bw - 10, 0, 80, 1.0, 1.16, "#6b5b4d"));
  parts.push(box(room, bx + bw * 0.7, bx + bw - 10, 80, 88, 1.0, 1.18, "#a58460"));
  // A car seen from behind.
  const cw = bw * 0.42;
  const c0 = vx - cw / 2;
  const c1 = vx + cw / 2;
  parts.push(onFloor(room, c0 - 20, c1 + 20, 1.3, 1.95, { fill: "#000000", opacity: 0.2 }));
  parts.push(box(room, c0, c0 + 30, 0, 40, 1.8, 1.9, "#1c1c1e"));
  parts.push(box(room, c1 - 30, c1, 0, 40, 1.8, 1.9, "#1c1c1e"));
  parts.push(box(room, c0, c1, 22, 86, 1.35, 1.92, body));
  parts.push(box(room, c0 + 24, c1 - 24, 86, 130, 1.45, 1.75, shade(body, -0.1)));
  const [wx0, wy0] = at(room, c0 + 34, 126, 1.75);
  const [wx1, wy1] = at(room, c1 - 34, 92, 1.75);
  parts.push(rect(wx0, wy0, wx1 - wx0, wy1 - wy0, { fill: "#2a3346" }));
  for (const x of [c0 + 8, c1 - 48]) {
    const [lx0, ly0] = at(room, x, 74, 1.92);
    const [lx1, ly1] = at(room, x + 40, 60, 1.92);
    parts.push(rect(lx0, ly0, lx1 - lx0, ly1 - ly0, { fill: "#d9443a" }));
  }
  const [px0, py0] = at(room, vx - 40, 52, 1.92);
  const [px1, py1] = at(room, vx + 40, 34, 1.92);
  parts.push(rect(px0, py0, px1 - px0, py1 - py0, { fill: "#f2f0e6" }));
  return parts.join("");
}

export function interiorSvg(random: Random, width: number, height: number, kind: RoomKind): string {
  const vx = width * random.float(0.44, 0.56);
  const vy = height * random.float(0.42, 0.48);
  const bw = width * random.float(0.52, 0.6);
  const bh = height * 0.5;
  const by = vy - bh * 0.44;
  const room: Room = {
    random,
    width,
    height,
    vx,
    vy,
    bx: vx - bw / 2,
    by,
    bw,
    bh,
    floorY: by + bh,
  };

  const wall =
    kind === "garage"
      ? random.pick(["#d9d6d0", "#c9ccc9", "#e3dfd6"])
      : kind === "office"
        ? random.pick(["#eceae6", "#e2e6ea"])
        : random.pick(["#efe7da", "#e3ebe5", "#f2efe9", "#dde5ee", "#ecdcd0", "#d9d2c4"]);
  const floor =
    kind === "garage"
      ? "#a9a6a0"
      : kind === "kitchen" && random.chance(0.5)
        ? random.pick(["#d9d4cc", "#b9b4ac"])
        : random.pick(["#b88a5f", "#c9a27a", "#8e6446", "#a87c56", "#d2b48c"]);
  const ceiling = "#f7f5f1";
  const urban = random.chance(0.5);
  const daylight = random.pick(["#9cc9ee", "#b7d7f2", "#f3d3a8"]);

  const parts = [shell(room, wall, floor, ceiling)];
  if (kind === "garage") {
    // A high window strip and fluorescent tubes.
    for (let i = 0; i < 3; i++) {
      parts.push(
        rect(room.bx + bw * (0.12 + i * 0.3), by + bh * 0.12, bw * 0.2, bh * 0.14, {
          fill: "url(#view)",
        }),
      );
    }
    for (const t of [1.3, 2.0]) {
      const [x0, y] = at(room, vx - 120, bh - 4, t);
      const [x1] = at(room, vx + 120, bh - 4, t);
      parts.push(rect(x0, y, x1 - x0, 8 * t, { fill: "#fbfbf5" }));
    }
  } else if (kind === "office") {
    // A run of tall windows and ceiling panels.
    const panes = 4;
    for (let i = 0; i < panes; i++) {
      parts.push(
        backWindow(
          room,
          room.bx + 50 + i * ((bw - 80) / panes),
          by + bh * 0.12,
          (bw - 80) / panes - 20,
          bh * 0.62,
          {
            urban: true,
            curtains: false,
          },
        ),
      );
    }
    for (const t of [1.25, 1.7, 2.6]) {
      for (const x of [vx - 200, vx + 60]) {
        parts.push(
          polygon(
            [
              at(room, x, bh, t),
              at(room, x + 140, bh, t),
              at(room, x + 140, bh, t + 0.12),
              at(room, x, bh, t + 0.12),
            ],
            { fill: "#fffdf4" },
          ),
        );
      }
    }
  } else {
    const windowLeft = random.chance(0.5);
    const ww = bw * (kind === "kitchen" ? 0.26 : 0.32);
    const wx =
      kind === "kitchen" ? vx - ww / 2 : windowLeft ? room.bx + bw * 0.1 : room.bx + bw * 0.9 - ww;
    const wy = kind === "kitchen" ? by + bh * 0.1 : by + bh * 0.14;
    const wh = kind === "kitchen" ? bh * 0.32 : bh * 0.52;
    if (kind !== "kitchen") {
      parts.push(
        onFloor(room, wx - 20, wx + ww + 20, 1.02, 2.2, { fill: "#fff8e6", opacity: 0.16 }),
      );
      parts.push(
        art(
          room,
          windowLeft ? room.bx + bw * 0.62 : room.bx + bw * 0.16,
          by + bh * 0.2,
          bw * 0.2,
          bh * 0.26,
        ),
      );
    }
    parts.push(backWindow(room, wx, wy, ww, wh, { urban, curtains: kind !== "kitchen" }));
  }

  parts.push(
    kind === "living"
      ? living(room)
      : kind === "bedroom"
        ? bedroom(room)
        : kind === "kitchen"
          ? kitchen(room)
          : kind === "office"
            ? office(room)
            : garageInside(room),
  );
  parts.push(rect(0, 0, width, height, { fill: "url(#roomLight)" }));

  const defs = [
    linearGradient("view", [
      [0, daylight],
      [1, mix(daylight, "#ffffff", 0.6)],
    ]),
    radialGradient(
      "roomLight",
      [
        [0.5, "#000000", 0],
        [1, "#000000", 0.3],
      ],
      { cx: 0.5, cy: 0.45, r: 0.8 },
    ),
  ].join("");
  return svgDocument(width, height, defs, parts.join(""));
}
