/**
 * Outdoor illustrations of the demo properties: sky by time of day, landscape or city, and a
 * building in oblique projection (front face plus one side face and a roof) with trees.
 */
import type { BuildingKind } from "./content.ts";
import { createRandom, type Random } from "./random.ts";
import {
  circle,
  el,
  ellipse,
  group,
  line,
  linearGradient,
  mix,
  type Point,
  path,
  polygon,
  r,
  radialGradient,
  rect,
  shade,
  svgDocument,
} from "./svg.ts";

export type TimeOfDay = "morning" | "noon" | "golden" | "dusk";

interface Scene {
  width: number;
  height: number;
  /** Pixels per design unit: building sizes are designed for a 1067 px high picture. */
  u: number;
  /** The building's and its garden's randomness: the same for every shot of a property. */
  random: Random;
  /** The sky's randomness: clouds, sun, stars, the horizon. */
  skyRandom: Random;
  /** Which windows are lit at dusk; kept apart so the building stays the same. */
  lightRandom: Random;
  time: TimeOfDay;
  /** Applies the light of the time of day to a surface colour. */
  tone(color: string): string;
}

const skyStops: Record<TimeOfDay, [number, string][]> = {
  morning: [
    [0, "#6ea6da"],
    [0.55, "#b9d7ef"],
    [1, "#f6dcc2"],
  ],
  noon: [
    [0, "#2e77c2"],
    [0.6, "#7db7e9"],
    [1, "#d3e9f8"],
  ],
  golden: [
    [0, "#4a5f94"],
    [0.5, "#e49a6d"],
    [1, "#fbd08a"],
  ],
  dusk: [
    [0, "#0c1533"],
    [0.55, "#2f3d6c"],
    [1, "#b5707a"],
  ],
};

const tints: Record<TimeOfDay, [string, number]> = {
  morning: ["#ffe6c4", 0.07],
  noon: ["#ffffff", 0],
  golden: ["#f39a5a", 0.16],
  dusk: ["#1b2446", 0.5],
};

function createScene(
  width: number,
  height: number,
  random: Random,
  skyRandom: Random,
  time: TimeOfDay,
  scale: number,
): Scene {
  const [tint, amount] = tints[time];
  return {
    width,
    height,
    u: (height / 1067) * scale,
    random,
    skyRandom,
    lightRandom: createRandom(Math.floor(skyRandom.next() * 2 ** 32)),
    time,
    tone: (color) => (amount === 0 ? color : mix(color, tint, amount)),
  };
}

function commonDefs(scene: Scene): string {
  const { time } = scene;
  return [
    linearGradient(
      "sky",
      skyStops[time].map(([offset, color]) => [offset, color] as const),
    ),
    linearGradient("glassDay", [
      [0, time === "golden" ? "#f3c99a" : "#c4dcf0"],
      [0.55, "#7d9fc0"],
      [1, "#4d6a8a"],
    ]),
    linearGradient("glassLit", [
      [0, "#fff0c2"],
      [1, "#f0a640"],
    ]),
    linearGradient("glassDark", [
      [0, "#3a4566"],
      [1, "#1a2036"],
    ]),
    linearGradient("pool", [
      [0, "#8fe0ef"],
      [1, "#2b95bd"],
    ]),
    radialGradient(
      "vignette",
      [
        [0.55, "#000000", 0],
        [1, "#000000", time === "dusk" ? 0.45 : 0.28],
      ],
      { cx: 0.5, cy: 0.5, r: 0.75 },
    ),
    radialGradient("glow", [
      [0, "#fff6d8", 0.9],
      [0.25, "#fff1c4", 0.45],
      [1, "#fff1c4", 0],
    ]),
    radialGradient("lampGlow", [
      [0, "#ffd98a", 0.85],
      [1, "#ffd98a", 0],
    ]),
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Sky and landscape

function sky(scene: Scene, horizon: number): string {
  const { width, u, skyRandom: random, time } = scene;
  const parts = [rect(0, 0, width, horizon + 40 * u, { fill: "url(#sky)" })];
  if (time === "dusk") {
    for (let i = 0; i < 70; i++) {
      parts.push(
        circle(random.float(0, width), random.float(0, horizon * 0.6), random.float(0.8, 2.2) * u, {
          fill: "#ffffff",
          opacity: random.float(0.3, 0.9),
        }),
      );
    }
    const mx = random.float(0.1, 0.9) * width;
    const my = random.float(0.12, 0.3) * horizon;
    parts.push(circle(mx, my, 120 * u, { fill: "url(#glow)", opacity: 0.35 }));
    parts.push(circle(mx, my, 26 * u, { fill: "#f4f0dc" }));
  } else {
    const sx = random.float(0.1, 0.9) * width;
    const sy = (time === "noon" ? 0.16 : time === "morning" ? 0.42 : 0.72) * horizon;
    const color = time === "golden" ? "#ffcf7a" : "#fffbe6";
    parts.push(circle(sx, sy, (time === "golden" ? 320 : 220) * u, { fill: "url(#glow)" }));
    parts.push(circle(sx, sy, (time === "golden" ? 52 : 38) * u, { fill: color }));
  }
  const clouds = time === "dusk" ? random.int(1, 2) : random.int(2, 5);
  for (let i = 0; i < clouds; i++) {
    parts.push(
      cloud(
        scene,
        random.float(0, width),
        random.float(0.08, 0.55) * horizon,
        random.float(0.6, 1.3) * u,
      ),
    );
  }
  return parts.join("");
}

function cloud(scene: Scene, x: number, y: number, size: number): string {
  const { skyRandom: random, time } = scene;
  const top =
    time === "dusk"
      ? "#5a5f86"
      : time === "golden"
        ? "#ffe3c8"
        : time === "morning"
          ? "#fff8f0"
          : "#ffffff";
  const bottom =
    time === "dusk"
      ? "#3d4167"
      : time === "golden"
        ? "#e9a383"
        : time === "morning"
          ? "#e7dfe3"
          : "#dbe6f1";
  const parts = [ellipse(x, y + 6 * size, 120 * size, 26 * size, { fill: bottom })];
  const puffs = random.int(3, 5);
  for (let i = 0; i < puffs; i++) {
    const px = x + (i - (puffs - 1) / 2) * 48 * size + random.float(-10, 10) * size;
    parts.push(
      circle(px, y - random.float(0, 18) * size, random.float(26, 44) * size, { fill: top }),
    );
  }
  parts.push(ellipse(x, y + 2 * size, 112 * size, 20 * size, { fill: top }));
  return group(parts.join(""), { opacity: time === "dusk" ? 0.55 : 0.92 });
}

function hills(scene: Scene, horizon: number): string {
  const { width, u, skyRandom: random, tone } = scene;
  const layers: string[] = [];
  const far = mix(skyStops[scene.time][2]?.[1] ?? "#cccccc", "#5f8168", 0.45);
  const near = "#557a4c";
  for (const [color, heightRange, opacity] of [
    [far, [60, 150], 0.85],
    [tone(near), [20, 70], 1],
  ] as const) {
    let d = `M0,${r(horizon + 2 * u)} L0,${r(horizon - random.float(heightRange[0], heightRange[1]) * u)}`;
    const steps = 5;
    for (let i = 1; i <= steps; i++) {
      const x = (width / steps) * i;
      const cx = x - width / steps / 2;
      const cy = horizon - random.float(heightRange[0], heightRange[1] * 1.4) * u;
      const y = horizon - random.float(heightRange[0], heightRange[1]) * u;
      d += ` Q${r(cx)},${r(cy)} ${r(x)},${r(y)}`;
    }
    d += ` L${r(width)},${r(horizon + 2 * u)} Z`;
    layers.push(path(d, { fill: color, opacity }));
  }
  // A soft tree line along the horizon.
  const trees: string[] = [];
  for (let x = -20 * u; x < width + 20 * u; x += random.float(18, 34) * u) {
    trees.push(circle(x, horizon - random.float(0, 8) * u, random.float(12, 24) * u));
  }
  layers.push(group(trees.join(""), { fill: tone("#3f6440"), opacity: 0.9 }));
  return layers.join("");
}

function skyline(scene: Scene, horizon: number): string {
  const { width, u, skyRandom: random, time } = scene;
  const color = mix(skyStops[time][2]?.[1] ?? "#cccccc", "#57637c", 0.5);
  const parts: string[] = [];
  for (let x = -30 * u; x < width; ) {
    const w = random.float(50, 130) * u;
    const h = random.float(70, 320) * u;
    parts.push(rect(x, horizon - h, w - 6 * u, h + 4 * u, { fill: color }));
    if (random.chance(0.3))
      parts.push(rect(x + w * 0.4, horizon - h - 40 * u, 4 * u, 40 * u, { fill: color }));
    if (time === "dusk") {
      for (let i = 0; i < 8; i++) {
        parts.push(
          rect(
            x + random.float(6, w - 16 * u),
            horizon - random.float(10 * u, h - 10 * u),
            5 * u,
            7 * u,
            { fill: "#ffd98a", opacity: random.float(0.4, 0.9) },
          ),
        );
      }
    }
    x += w;
  }
  return group(parts.join(""), { opacity: 0.8 });
}

function ground(scene: Scene, horizon: number, urban: boolean): string {
  const { width, height, u, tone } = scene;
  if (!urban) {
    return [
      el(
        "linearGradient",
        { id: "lawn", x1: 0, y1: 0, x2: 0, y2: 1 },
        el("stop", { offset: 0, "stop-color": tone("#86b35e") }) +
          el("stop", { offset: 1, "stop-color": tone("#4c7b34") }),
      ),
      rect(0, horizon, width, height - horizon, { fill: "url(#lawn)" }),
    ].join("");
  }
  const road = height - 120 * u;
  const parts = [
    rect(0, horizon, width, road - horizon, { fill: tone("#bdb7ad") }),
    rect(0, road - 14 * u, width, 14 * u, { fill: tone("#d9d4cb") }),
    rect(0, road, width, height - road, { fill: tone("#4b4e54") }),
  ];
  for (let x = 20 * u; x < width; x += 130 * u) {
    parts.push(rect(x, road + 55 * u, 70 * u, 7 * u, { fill: tone("#f2efe6"), opacity: 0.85 }));
  }
  // Paving joints.
  for (let y = horizon + 30 * u; y < road - 14 * u; y += 34 * u) {
    parts.push(
      line(0, y, width, y, { stroke: "#000000", "stroke-opacity": 0.06, "stroke-width": 2 * u }),
    );
  }
  return parts.join("");
}

// ---------------------------------------------------------------------------------------------
// Vegetation and street furniture

function roundTree(scene: Scene, x: number, base: number, size: number): string {
  const { random, tone } = scene;
  const greens = random.pick([
    ["#2f5e2e", "#3f7a39", "#5b9a47"],
    ["#35582a", "#4d7a33", "#6f9c45"],
    ["#2d5a43", "#3b7656", "#58956c"],
  ]);
  const parts = [
    path(
      `M${r(x - 0.05 * size)},${r(base)} L${r(x - 0.03 * size)},${r(base - 0.5 * size)} L${r(x + 0.03 * size)},${r(base - 0.5 * size)} L${r(x + 0.05 * size)},${r(base)} Z`,
      { fill: tone("#5d4330") },
    ),
  ];
  const cy = base - 0.72 * size;
  for (const [dx, dy, radius, shadeIndex] of [
    [-0.2, 0.06, 0.26, 0],
    [0.2, 0.05, 0.27, 0],
    [0, -0.14, 0.3, 1],
    [-0.12, -0.02, 0.25, 1],
    [0.14, -0.06, 0.24, 1],
    [-0.06, -0.2, 0.18, 2],
  ] as const) {
    parts.push(
      circle(
        x + (dx + random.float(-0.03, 0.03)) * size,
        cy + dy * size,
        radius * size * random.float(0.9, 1.1),
        { fill: tone(greens[shadeIndex] ?? "#3f7a39") },
      ),
    );
  }
  return parts.join("");
}

function conifer(scene: Scene, x: number, base: number, size: number): string {
  const { tone } = scene;
  const parts = [
    rect(x - 0.04 * size, base - 0.2 * size, 0.08 * size, 0.2 * size, { fill: tone("#5a3f2c") }),
  ];
  const greens = ["#234a32", "#2c5b3c", "#386d47"];
  for (let i = 0; i < 3; i++) {
    const w = (0.42 - i * 0.1) * size;
    const bottom = base - (0.15 + i * 0.24) * size;
    parts.push(
      polygon(
        [
          [x - w, bottom],
          [x + w, bottom],
          [x, bottom - 0.45 * size],
        ],
        { fill: tone(greens[i] ?? "#2c5b3c") },
      ),
    );
  }
  return parts.join("");
}

function palm(scene: Scene, x: number, base: number, size: number): string {
  const { random, tone } = scene;
  const lean = random.float(-0.25, 0.25) * size;
  const topX = x + lean;
  const topY = base - size;
  const parts = [
    path(
      `M${r(x)},${r(base)} Q${r(x + lean * 0.2)},${r(base - size * 0.5)} ${r(topX)},${r(topY)}`,
      {
        stroke: tone("#8a6b4b"),
        "stroke-width": r(0.045 * size),
        fill: "none",
        "stroke-linecap": "round",
      },
    ),
  ];
  for (let i = 0; i < 8; i++) {
    const angle = (i / 8) * Math.PI * 2 + random.float(-0.2, 0.2);
    const length = random.float(0.32, 0.45) * size;
    const ex = topX + Math.cos(angle) * length;
    const ey = topY + Math.sin(angle) * length * 0.55 + 0.12 * size;
    const mx = topX + Math.cos(angle) * length * 0.5;
    const my = topY + Math.sin(angle) * length * 0.3 - 0.06 * size;
    parts.push(
      path(
        `M${r(topX)},${r(topY)} Q${r(mx)},${r(my - 0.05 * size)} ${r(ex)},${r(ey)} Q${r(mx)},${r(my + 0.05 * size)} ${r(topX)},${r(topY)} Z`,
        { fill: tone(i % 2 === 0 ? "#3f7d3a" : "#2f6a33") },
      ),
    );
  }
  return parts.join("");
}

function bush(scene: Scene, x: number, base: number, width: number): string {
  const { random, tone } = scene;
  const parts: string[] = [];
  const count = Math.max(2, Math.round(width / (60 * scene.u)));
  for (let i = 0; i < count; i++) {
    const bx = x + (i + 0.5) * (width / count);
    const radius = (width / count) * random.float(0.55, 0.75);
    parts.push(
      ellipse(bx, base - radius * 0.6, radius, radius * 0.8, {
        fill: tone(random.pick(["#3f7436", "#4a823c", "#37692f"])),
      }),
    );
    if (random.chance(0.4)) {
      const flower = random.pick(["#f4a6c0", "#f7e07a", "#ffffff", "#e96b5a"]);
      for (let f = 0; f < 5; f++) {
        parts.push(
          circle(
            bx + random.float(-0.6, 0.6) * radius,
            base - random.float(0.3, 1.1) * radius,
            3.5 * scene.u,
            {
              fill: tone(flower),
            },
          ),
        );
      }
    }
  }
  return parts.join("");
}

function car(scene: Scene, x: number, base: number, length: number, color: string): string {
  const { tone } = scene;
  const h = length * 0.3;
  const body = tone(color);
  return [
    ellipse(x + length / 2, base, length * 0.55, h * 0.12, { fill: "#000000", opacity: 0.25 }),
    path(
      `M${r(x)},${r(base - h * 0.3)} Q${r(x)},${r(base - h * 0.62)} ${r(x + length * 0.12)},${r(base - h * 0.64)} ` +
        `L${r(x + length * 0.27)},${r(base - h * 0.68)} L${r(x + length * 0.38)},${r(base - h)} ` +
        `L${r(x + length * 0.72)},${r(base - h)} L${r(x + length * 0.84)},${r(base - h * 0.66)} ` +
        `Q${r(x + length)},${r(base - h * 0.6)} ${r(x + length)},${r(base - h * 0.32)} L${r(x + length)},${r(base - h * 0.18)} ` +
        `L${r(x)},${r(base - h * 0.18)} Z`,
      { fill: body },
    ),
    polygon(
      [
        [x + length * 0.3, base - h * 0.66],
        [x + length * 0.4, base - h * 0.93],
        [x + length * 0.54, base - h * 0.93],
        [x + length * 0.54, base - h * 0.66],
      ],
      { fill: "url(#glassDark)" },
    ),
    polygon(
      [
        [x + length * 0.57, base - h * 0.66],
        [x + length * 0.57, base - h * 0.93],
        [x + length * 0.7, base - h * 0.93],
        [x + length * 0.8, base - h * 0.66],
      ],
      { fill: "url(#glassDark)" },
    ),
    rect(x + length * 0.02, base - h * 0.42, length * 0.05, h * 0.08, { fill: "#ffe7a8" }),
    rect(x + length * 0.94, base - h * 0.42, length * 0.05, h * 0.08, { fill: "#d9443a" }),
    line(x + length * 0.1, base - h * 0.45, x + length * 0.9, base - h * 0.45, {
      stroke: shade(body, -0.25),
      "stroke-width": 2 * scene.u,
    }),
    ...[0.2, 0.8].flatMap((at) => [
      circle(x + length * at, base - h * 0.16, h * 0.2, { fill: "#1c1c1e" }),
      circle(x + length * at, base - h * 0.16, h * 0.1, { fill: "#9ea3a8" }),
    ]),
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Building parts

interface Box {
  x: number;
  base: number;
  width: number;
  height: number;
  /** Depth vector in pixels: x to the side face's side, y upwards (positive). */
  dx: number;
  dy: number;
}

function depthOf(box: Box): number {
  return Math.hypot(box.dx, box.dy);
}

/** The transform that maps side-face coordinates (u along the depth, v down) to the picture. */
function sideTransform(box: Box): string {
  const depth = depthOf(box);
  const originX = box.dx >= 0 ? box.x + box.width : box.x;
  return `matrix(${r((box.dx / depth) * 1000) / 1000},${r((-box.dy / depth) * 1000) / 1000},0,1,${r(originX)},${r(box.base - box.height)})`;
}

/** A window: frame, glass (day reflection or a lit or dark room at dusk), mullions, sill. */
function windowAt(
  scene: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  options: { frame?: string; mullions?: "cross" | "vertical" | "none"; sill?: boolean } = {},
): string {
  const { u, lightRandom: random, time, tone } = scene;
  const frame = tone(options.frame ?? "#f7f5f0");
  const lit = time === "dusk" ? random.chance(0.7) : false;
  const glass = lit ? "url(#glassLit)" : time === "dusk" ? "url(#glassDark)" : "url(#glassDay)";
  const t = Math.max(3 * u, Math.min(w, h) * 0.07);
  const parts = [
    rect(x - t, y - t, w + 2 * t, h + 2 * t, { fill: frame }),
    rect(x, y, w, h, { fill: glass }),
  ];
  if (!lit && time !== "dusk") {
    parts.push(
      polygon(
        [
          [x, y + h * 0.55],
          [x + w * 0.55, y],
          [x + w * 0.8, y],
          [x, y + h * 0.9],
        ],
        { fill: "#ffffff", opacity: 0.16 },
      ),
    );
  }
  if (lit && random.chance(0.5)) {
    // A curtain, half drawn.
    parts.push(rect(x, y, w * 0.22, h, { fill: "#e8c48a", opacity: 0.8 }));
  }
  const mullions = options.mullions ?? "cross";
  if (mullions !== "none") {
    parts.push(rect(x + w / 2 - t / 2, y, t, h, { fill: frame }));
    if (mullions === "cross") parts.push(rect(x, y + h * 0.45 - t / 2, w, t, { fill: frame }));
  }
  if (options.sill !== false) {
    parts.push(rect(x - t * 2, y + h + t, w + t * 4, t * 1.4, { fill: shade(frame, -0.08) }));
  }
  return parts.join("");
}

function door(scene: Scene, x: number, base: number, w: number, h: number, color: string): string {
  const { u, tone, time } = scene;
  const c = tone(color);
  const parts = [
    rect(x - 8 * u, base - h - 8 * u, w + 16 * u, h + 8 * u, { fill: tone("#f4f1ea") }),
    rect(x, base - h, w, h, { fill: c }),
    rect(x + w * 0.15, base - h * 0.9, w * 0.7, h * 0.35, { fill: shade(c, -0.15) }),
    rect(x + w * 0.15, base - h * 0.48, w * 0.7, h * 0.38, { fill: shade(c, -0.15) }),
    circle(x + w * 0.82, base - h * 0.5, 4 * u, { fill: "#d8b25a" }),
    rect(x - 18 * u, base, w + 36 * u, 9 * u, { fill: tone("#c9c3b8") }),
    rect(x - 30 * u, base + 9 * u, w + 60 * u, 9 * u, { fill: tone("#b6b0a5") }),
  ];
  if (time === "dusk") {
    parts.push(circle(x - 22 * u, base - h * 0.75, 40 * u, { fill: "url(#lampGlow)" }));
    parts.push(rect(x - 26 * u, base - h * 0.8, 8 * u, 14 * u, { fill: "#ffe3a0" }));
  }
  return parts.join("");
}

function garageDoor(
  scene: Scene,
  x: number,
  base: number,
  w: number,
  h: number,
  color: string,
): string {
  const { u, tone } = scene;
  const c = tone(color);
  const parts = [
    rect(x - 8 * u, base - h - 8 * u, w + 16 * u, h + 8 * u, { fill: tone("#e9e5dc") }),
    rect(x, base - h, w, h, { fill: c }),
  ];
  for (let y = base - h + h / 5; y < base - 2 * u; y += h / 5) {
    parts.push(rect(x, y - 2 * u, w, 4 * u, { fill: shade(c, -0.12) }));
    parts.push(rect(x, y + 2 * u, w, 2 * u, { fill: shade(c, 0.12) }));
  }
  parts.push(rect(x + w * 0.44, base - h * 0.18, w * 0.12, 5 * u, { fill: shade(c, -0.3) }));
  return parts.join("");
}

/** The front face, the side face and the shadow of a box. Returns [side, front]. */
function boxFaces(scene: Scene, box: Box, wall: string, sideContent = ""): [string, string] {
  const { tone } = scene;
  const depth = depthOf(box);
  const side = group(
    rect(0, 0, depth, box.height, { fill: shade(tone(wall), -0.22) }) + sideContent,
    { transform: sideTransform(box) },
  );
  const front = rect(box.x, box.base - box.height, box.width, box.height, { fill: tone(wall) });
  return [side, front];
}

function shadowUnder(scene: Scene, box: Box): string {
  const { u } = scene;
  return ellipse(
    box.x + box.width / 2 + box.dx / 2,
    box.base + 4 * u,
    box.width * 0.62 + Math.abs(box.dx) / 2,
    26 * u,
    {
      fill: "#000000",
      opacity: 0.18,
    },
  );
}

/** A flat roof slab over a box: its front edge and its top face. */
function flatRoof(
  scene: Scene,
  box: Box,
  color: string,
  overhang: number,
  thickness: number,
): string {
  const top = box.base - box.height;
  const x0 = box.x - overhang;
  const x1 = box.x + box.width + overhang;
  const c = scene.tone(color);
  return [
    polygon(
      [
        [x0, top - thickness],
        [x1, top - thickness],
        [x1 + box.dx, top - thickness - box.dy],
        [x0 + box.dx, top - thickness - box.dy],
      ],
      { fill: shade(c, 0.12) },
    ),
    rect(x0, top - thickness, x1 - x0, thickness, { fill: c }),
    polygon(
      box.dx >= 0
        ? [
            [x1, top - thickness],
            [x1 + box.dx, top - thickness - box.dy],
            [x1 + box.dx, top - box.dy],
            [x1, top],
          ]
        : [
            [x0, top - thickness],
            [x0 + box.dx, top - thickness - box.dy],
            [x0 + box.dx, top - box.dy],
            [x0, top],
          ],
      { fill: shade(c, -0.2) },
    ),
  ].join("");
}

function sideWindows(
  scene: Scene,
  box: Box,
  rows: number,
  rowHeight: number,
  firstRowTop: number,
): string {
  const depth = depthOf(box);
  const parts: string[] = [];
  const count = Math.max(1, Math.floor(depth / (110 * scene.u)));
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < count; i++) {
      const w = Math.min(70 * scene.u, (depth / count) * 0.5);
      const x = (depth / count) * (i + 0.5) - w / 2;
      parts.push(
        windowAt(scene, x, firstRowTop + row * rowHeight, w, rowHeight * 0.5, {
          mullions: "vertical",
        }),
      );
    }
  }
  return parts.join("");
}

// ---------------------------------------------------------------------------------------------
// Buildings. Each returns its SVG and its footprint, for placing trees around it.

interface Drawn {
  svg: string;
  left: number;
  right: number;
  top: number;
  /** Where the path to the front door should lead. */
  doorX?: number;
}

const wallColors = [
  "#f2e9d8",
  "#e6e1d7",
  "#d8c9ad",
  "#c5d4c0",
  "#cbd8e4",
  "#f7f5ef",
  "#a9b9a1",
  "#b55a43",
];
const roofColors = ["#574841", "#3e4650", "#8a3d2c", "#6a5a4c", "#2e3944", "#4f5a4a"];
const doorColors = ["#7a2e2e", "#2f4a6b", "#3d5a3f", "#1f2a33", "#8c5a2b", "#c49a3a"];

function house(scene: Scene, cx: number, base: number, side: 1 | -1): Drawn {
  const { u, random, tone } = scene;
  const storeys = random.int(1, 2);
  const width = random.float(520, 700) * u;
  const height = (storeys === 2 ? random.float(290, 330) : random.float(190, 220)) * u;
  const depth = random.float(170, 240) * u;
  const box: Box = {
    x: cx - width / 2,
    base,
    width,
    height,
    dx: side * depth * 0.78,
    dy: depth * 0.34,
  };
  const wall = random.pick(wallColors);
  const brick = wall === "#b55a43";
  const roof = random.pick(roofColors);
  const trim = brick ? "#f1ede4" : random.pick(["#fbfaf6", "#f4efe3", "#3b3f45"]);
  const roofType = random.pick(["front-gable", "side-gable", "hip"] as const);
  const rise = random.float(130, 190) * u;
  const overhang = 24 * u;
  const top = base - height;
  const parts: string[] = [shadowUnder(scene, box)];

  // An attached garage on the side away from the side face.
  let left = box.x + Math.min(0, box.dx);
  let right = box.x + width + Math.max(0, box.dx);
  if (random.chance(0.45)) {
    const gw = random.float(230, 280) * u;
    const gh = random.float(150, 170) * u;
    const gx = side === 1 ? box.x - gw : box.x + width;
    parts.push(rect(gx, base - gh, gw, gh, { fill: tone(wall) }));
    parts.push(
      polygon(
        [
          [gx - (side === 1 ? 16 * u : 0), base - gh],
          [gx + gw + (side === 1 ? 0 : 16 * u), base - gh],
          [gx + gw + (side === 1 ? 0 : 16 * u) + box.dx * 0.6, base - gh - box.dy * 0.6],
          [gx - (side === 1 ? 16 * u : 0) + box.dx * 0.6, base - gh - box.dy * 0.6],
        ],
        { fill: tone(shade(roof, 0.1)) },
      ),
    );
    parts.push(
      rect(gx - (side === 1 ? 16 * u : 0), base - gh - 6 * u, gw + 16 * u, 12 * u, {
        fill: tone(trim),
      }),
    );
    parts.push(
      garageDoor(
        scene,
        gx + gw * 0.12,
        base,
        gw * 0.76,
        gh * 0.7,
        random.pick(["#f1eee8", "#d9d4ca", "#6b5b4d"]),
      ),
    );
    left = Math.min(left, gx);
    right = Math.max(right, gx + gw);
  }

  const rowHeight = height / storeys;
  const [sideFace, front] = boxFaces(
    scene,
    box,
    wall,
    sideWindows(scene, box, storeys, rowHeight, rowHeight * 0.28),
  );
  parts.push(sideFace, front);
  // Siding or brick courses.
  const courses: string[] = [];
  for (let y = top + (brick ? 9 : 16) * u; y < base; y += (brick ? 9 : 16) * u) {
    courses.push(line(box.x, y, box.x + width, y, {}));
  }
  parts.push(
    group(courses.join(""), {
      stroke: "#000000",
      "stroke-opacity": brick ? 0.12 : 0.07,
      "stroke-width": 1.5 * u,
    }),
  );

  // Roof.
  const d: Point = [box.dx, -box.dy];
  const add = (p: Point, k = 1): Point => [p[0] + d[0] * k, p[1] + d[1] * k];
  const roofColor = tone(roof);
  const lit = shade(roofColor, 0.12);
  const dark = shade(roofColor, -0.18);
  const chimneyX = box.x + width * random.float(0.18, 0.78);
  const chimney = random.chance(0.6)
    ? rect(chimneyX, top - rise - 30 * u, 34 * u, rise, {
        fill: tone(brick ? "#9c4a36" : "#8a7c70"),
      }) + rect(chimneyX - 4 * u, top - rise - 38 * u, 42 * u, 10 * u, { fill: tone("#5c524b") })
    : "";
  if (roofType === "front-gable") {
    const L: Point = [box.x - overhang, top + 6 * u];
    const R: Point = [box.x + width + overhang, top + 6 * u];
    const P: Point = [cx, top - rise];
    const far = side === 1 ? L : R;
    const near = side === 1 ? R : L;
    parts.push(chimney);
    parts.push(polygon([far, P, add(P), add(far)], { fill: dark }));
    parts.push(polygon([P, add(P), add(near), near], { fill: lit }));
    parts.push(
      polygon(
        [
          [box.x, top],
          [cx, top - rise + 10 * u],
          [box.x + width, top],
        ],
        { fill: tone(wall) },
      ),
    );
    parts.push(
      path(`M${r(L[0])},${r(L[1])} L${r(P[0])},${r(P[1])} L${r(R[0])},${r(R[1])}`, {
        stroke: tone(trim),
        "stroke-width": 12 * u,
        fill: "none",
        "stroke-linejoin": "round",
      }),
    );
    parts.push(
      windowAt(scene, cx - 28 * u, top - rise * 0.55, 56 * u, 56 * u, {
        mullions: "cross",
        sill: false,
      }),
    );
  } else {
    const L: Point = [box.x - overhang, top + 6 * u];
    const R: Point = [box.x + width + overhang, top + 6 * u];
    const inset = roofType === "hip" ? rise * 0.9 : 0;
    const ridgeL: Point = [L[0] + d[0] / 2 + inset, L[1] + d[1] / 2 - rise];
    const ridgeR: Point = [R[0] + d[0] / 2 - inset, R[1] + d[1] / 2 - rise];
    parts.push(chimney);
    if (roofType === "hip") {
      const end = side === 1 ? R : L;
      const ridgeEnd = side === 1 ? ridgeR : ridgeL;
      parts.push(polygon([end, add(end), ridgeEnd], { fill: dark }));
    } else {
      const wallTop: Point = side === 1 ? [box.x + width, top] : [box.x, top];
      const apex = side === 1 ? ridgeR : ridgeL;
      parts.push(
        polygon([wallTop, add(wallTop), [apex[0], apex[1] + 8 * u]], {
          fill: shade(tone(wall), -0.22),
        }),
      );
      parts.push(
        path(
          `M${r(wallTop[0] + (side * overhang) / 2)},${r(wallTop[1] + 6 * u)} L${r(apex[0])},${r(apex[1])} L${r(add(wallTop)[0] + (side * overhang) / 2)},${r(add(wallTop)[1] + 6 * u)}`,
          { stroke: tone(trim), "stroke-width": 10 * u, fill: "none" },
        ),
      );
    }
    parts.push(polygon([L, R, ridgeR, ridgeL], { fill: lit }));
    // Shingle courses.
    const rows: string[] = [];
    for (let k = 0.2; k < 1; k += 0.2) {
      const a: Point = [L[0] + (ridgeL[0] - L[0]) * k, L[1] + (ridgeL[1] - L[1]) * k];
      const b: Point = [R[0] + (ridgeR[0] - R[0]) * k, R[1] + (ridgeR[1] - R[1]) * k];
      rows.push(line(a[0], a[1], b[0], b[1], {}));
    }
    parts.push(
      group(rows.join(""), { stroke: "#000000", "stroke-opacity": 0.15, "stroke-width": 2 * u }),
    );
    parts.push(rect(L[0], L[1] - 4 * u, R[0] - L[0], 10 * u, { fill: tone(trim) }));
  }

  // Front windows and door.
  const columns = Math.max(3, Math.floor(width / (150 * u)));
  const doorColumn = random.int(0, columns - 1);
  const cell = width / columns;
  const doorX = box.x + cell * (doorColumn + 0.5);
  const ww = Math.min(92 * u, cell * 0.58);
  const wh = rowHeight * 0.5;
  const shutters = random.chance(0.35) ? tone(random.pick(["#2f4a3a", "#3a4a66", "#5a2f2f"])) : "";
  for (let row = 0; row < storeys; row++) {
    for (let column = 0; column < columns; column++) {
      const x = box.x + cell * (column + 0.5);
      if (row === storeys - 1 && column === doorColumn) {
        const dw = 74 * u;
        const dh = Math.min(150 * u, rowHeight * 0.78);
        parts.push(door(scene, x - dw / 2, base, dw, dh, random.pick(doorColors)));
        // A small porch roof.
        parts.push(
          polygon(
            [
              [x - dw, base - dh - 16 * u],
              [x + dw, base - dh - 16 * u],
              [x, base - dh - 60 * u],
            ],
            { fill: tone(roof) },
          ),
        );
        parts.push(rect(x - dw, base - dh - 18 * u, dw * 2, 8 * u, { fill: tone(trim) }));
        continue;
      }
      const y = top + rowHeight * row + rowHeight * 0.24;
      if (shutters !== "") {
        parts.push(
          rect(x - ww / 2 - ww * 0.42, y - 4 * u, ww * 0.36, wh + 8 * u, { fill: shutters }),
        );
        parts.push(
          rect(x + ww / 2 + ww * 0.06, y - 4 * u, ww * 0.36, wh + 8 * u, { fill: shutters }),
        );
      }
      parts.push(
        windowAt(scene, x - ww / 2, y, ww, wh, {
          frame: brick ? "#f1ede4" : trim === "#3b3f45" ? trim : "#fbfaf6",
        }),
      );
    }
  }
  return { svg: parts.join(""), left, right, top: top - rise, doorX };
}

function villa(scene: Scene, cx: number, base: number, side: 1 | -1): Drawn {
  const { u, random, tone } = scene;
  const wall = random.pick(["#f5f3ee", "#e9e6df", "#d6d3cb", "#efe6d6"]);
  const wood = tone(random.pick(["#9a6a43", "#7d5535", "#b07c4f"]));
  const slab = random.pick(["#f8f7f3", "#3a3a3c", "#e2ded6"]);
  const depth = random.float(200, 260) * u;
  const lowerW = random.float(760, 860) * u;
  const lowerH = random.float(185, 210) * u;
  const lower: Box = {
    x: cx - lowerW / 2,
    base,
    width: lowerW,
    height: lowerH,
    dx: side * depth * 0.8,
    dy: depth * 0.32,
  };
  const upperW = lowerW * random.float(0.5, 0.66);
  const upperOffset = random.float(-0.1, 0.4) * (lowerW - upperW) * (random.chance(0.5) ? 1 : -1);
  const upper: Box = {
    x: cx - upperW / 2 + upperOffset,
    base: base - lowerH - 18 * u,
    width: upperW,
    height: random.float(160, 180) * u,
    dx: side * depth * 0.65,
    dy: depth * 0.26,
  };
  const parts = [shadowUnder(scene, lower)];

  const glazing = (box: Box, from: number, to: number) => {
    const panes: string[] = [];
    const count = Math.max(2, Math.round((to - from) / (120 * u)));
    const pw = (to - from) / count;
    for (let i = 0; i < count; i++) {
      panes.push(
        windowAt(
          scene,
          from + pw * i + 4 * u,
          box.base - box.height * 0.86,
          pw - 8 * u,
          box.height * 0.8,
          {
            frame: "#2f3133",
            mullions: "none",
            sill: false,
          },
        ),
      );
    }
    return panes.join("");
  };
  const cladding = (x: number, y: number, w: number, h: number) => {
    const boards = [rect(x, y, w, h, { fill: wood })];
    for (let bx = x + 12 * u; bx < x + w; bx += 12 * u) {
      boards.push(
        line(bx, y, bx, y + h, {
          stroke: "#000000",
          "stroke-opacity": 0.15,
          "stroke-width": 2 * u,
        }),
      );
    }
    return boards.join("");
  };

  for (const [box, first] of [
    [lower, true],
    [upper, false],
  ] as const) {
    const [sideFace, front] = boxFaces(
      scene,
      box,
      wall,
      sideWindows(scene, box, 1, box.height, box.height * 0.22),
    );
    parts.push(sideFace, front);
    const woodW = box.width * random.float(0.2, 0.32);
    const woodOnLeft = random.chance(0.5);
    const woodX = woodOnLeft ? box.x : box.x + box.width - woodW;
    parts.push(cladding(woodX, box.base - box.height, woodW, box.height));
    parts.push(
      glazing(
        box,
        woodOnLeft ? box.x + woodW + 14 * u : box.x + 14 * u,
        woodOnLeft ? box.x + box.width - 14 * u : woodX - 14 * u,
      ),
    );
    parts.push(flatRoof(scene, box, slab, 26 * u, 18 * u));
    if (first && random.chance(0.7)) {
      // A glass balustrade on the lower roof terrace.
      const y = box.base - box.height - 18 * u;
      parts.push(
        rect(box.x - 20 * u, y - 50 * u, box.width + 40 * u, 50 * u, {
          fill: "#cfe3ee",
          opacity: 0.35,
        }),
      );
      parts.push(
        rect(box.x - 20 * u, y - 52 * u, box.width + 40 * u, 4 * u, { fill: tone("#b8bcc0") }),
      );
    }
  }

  // A pool in the foreground, on the ground plane.
  const poolW = lowerW * random.float(0.55, 0.75);
  const poolX = cx - poolW / 2 + random.float(-80, 80) * u;
  const poolFront = base + random.float(120, 150) * u;
  const poolDepth: Point = [lower.dx * 0.35, -70 * u];
  const pool: Point[] = [
    [poolX, poolFront],
    [poolX + poolW, poolFront],
    [poolX + poolW + poolDepth[0], poolFront + poolDepth[1]],
    [poolX + poolDepth[0], poolFront + poolDepth[1]],
  ];
  parts.push(
    polygon(pool, {
      fill: tone("#e9e4d8"),
      stroke: tone("#e9e4d8"),
      "stroke-width": 30 * u,
      "stroke-linejoin": "round",
    }),
  );
  parts.push(polygon(pool, { fill: "url(#pool)" }));
  for (let i = 0; i < 5; i++) {
    const y = poolFront + poolDepth[1] * random.float(0.15, 0.85);
    const x = poolX + random.float(0.1, 0.7) * poolW + poolDepth[0] * 0.5;
    parts.push(
      path(`M${r(x)},${r(y)} q${r(20 * u)},${r(-6 * u)} ${r(40 * u)},0 t${r(40 * u)},0`, {
        stroke: "#ffffff",
        "stroke-opacity": 0.55,
        "stroke-width": 3 * u,
        fill: "none",
      }),
    );
  }
  return {
    svg: parts.join(""),
    left: lower.x + Math.min(0, lower.dx) - 30 * u,
    right: lower.x + lowerW + Math.max(0, lower.dx) + 30 * u,
    top: upper.base - upper.height - 40 * u,
  };
}

function apartment(scene: Scene, cx: number, base: number, side: 1 | -1): Drawn {
  const { u, random, tone, height: pictureHeight } = scene;
  const parts: string[] = [];
  const floors = random.int(6, 10);
  const groundH = 120 * u;
  // Leave sky above the roof and its plant room.
  const available = base - Math.max(200 * u, pictureHeight * 0.16) - groundH;
  const floorH = Math.min(70 * u, available / floors);
  const width = random.float(560, 700) * u;
  const depth = random.float(220, 300) * u;
  const box: Box = {
    x: cx - width / 2,
    base,
    width,
    height: groundH + floors * floorH,
    dx: side * depth * 0.78,
    dy: depth * 0.3,
  };
  const wall = random.pick(["#d9cfc2", "#c8b7a2", "#b0594b", "#e7e3db", "#a4b0bb", "#e9d7b6"]);
  const accent = tone(random.pick(["#3c4650", "#f3f1ec", "#6e5846", "#2d5a6b"]));

  // A neighbouring block behind.
  if (random.chance(0.6)) {
    const nw = random.float(300, 420) * u;
    const nh = box.height * random.float(0.55, 0.85);
    const nx = side === 1 ? box.x - nw * 0.7 : box.x + width - nw * 0.3;
    const neighbour: Box = {
      x: nx,
      base: base - 30 * u,
      width: nw,
      height: nh,
      dx: box.dx * 0.6,
      dy: box.dy * 0.6,
    };
    const [nSide, nFront] = boxFaces(
      scene,
      neighbour,
      random.pick(["#cfc6ba", "#b8c2c9", "#d8c7b0"]),
    );
    parts.push(nSide, nFront);
    for (let y = neighbour.base - nh + 30 * u; y < neighbour.base - 40 * u; y += floorH) {
      for (let x = nx + 24 * u; x < nx + nw - 50 * u; x += 70 * u) {
        parts.push(windowAt(scene, x, y, 36 * u, floorH * 0.45, { mullions: "none", sill: false }));
      }
    }
  }

  parts.push(shadowUnder(scene, box));
  const sideContent: string[] = [];
  const depthLength = depthOf(box);
  for (let f = 0; f < floors; f++) {
    for (let i = 0; i < 3; i++) {
      const w = depthLength * 0.16;
      sideContent.push(
        windowAt(
          scene,
          depthLength * (0.12 + i * 0.3),
          f * floorH + floorH * 0.3,
          w,
          floorH * 0.45,
          {
            mullions: "vertical",
            sill: false,
          },
        ),
      );
    }
  }
  const [sideFace, front] = boxFaces(scene, box, wall, sideContent.join(""));
  parts.push(sideFace, front);
  const top = base - box.height;
  // Floor bands.
  for (let f = 1; f <= floors; f++) {
    parts.push(
      rect(box.x, top + f * floorH - 3 * u, width, 6 * u, { fill: shade(tone(wall), -0.1) }),
    );
  }
  const columns = random.int(4, 6);
  const cell = width / columns;
  const balconyColumns = new Set(
    random.shuffle([...Array(columns).keys()]).slice(0, random.int(1, columns - 1)),
  );
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < columns; c++) {
      const x = box.x + cell * c + cell * 0.18;
      const y = top + f * floorH + floorH * 0.2;
      const w = cell * 0.64;
      const h = floorH * 0.6;
      parts.push(
        windowAt(scene, x, y, w, h, { mullions: "vertical", sill: false, frame: "#eeeeea" }),
      );
      if (balconyColumns.has(c)) {
        parts.push(
          rect(x - cell * 0.08, y + h - h * 0.45, w + cell * 0.16, h * 0.45, {
            fill: "#c9dde8",
            opacity: 0.45,
          }),
        );
        parts.push(
          rect(x - cell * 0.08, y + h - h * 0.47, w + cell * 0.16, 3 * u, { fill: accent }),
        );
        parts.push(
          rect(x - cell * 0.1, y + h, w + cell * 0.2, 7 * u, { fill: shade(tone(wall), 0.15) }),
        );
      }
    }
  }
  // Ground floor: lobby and shop windows.
  const groundTop = base - groundH;
  parts.push(rect(box.x, groundTop, width, groundH, { fill: shade(tone(wall), -0.15) }));
  const lobbyW = 150 * u;
  parts.push(
    rect(cx - lobbyW / 2, groundTop + 22 * u, lobbyW, groundH - 22 * u, {
      fill: scene.time === "dusk" ? "url(#glassLit)" : "url(#glassDay)",
    }),
  );
  parts.push(rect(cx - 2 * u, groundTop + 22 * u, 4 * u, groundH - 22 * u, { fill: accent }));
  parts.push(
    rect(cx - lobbyW / 2 - 30 * u, groundTop + 8 * u, lobbyW + 60 * u, 14 * u, { fill: accent }),
  );
  for (const x of [box.x + 30 * u, box.x + width - 30 * u - 150 * u]) {
    parts.push(
      windowAt(scene, x, groundTop + 30 * u, 150 * u, groundH - 50 * u, {
        mullions: "vertical",
        sill: false,
        frame: "#eeeeea",
      }),
    );
  }
  // Parapet and roof plant room.
  parts.push(flatRoof(scene, box, shade(wall, -0.2), 6 * u, 16 * u));
  const plantW = width * 0.25;
  const plant: Box = {
    x: cx - plantW / 2 + side * width * 0.15,
    base: top - 16 * u - box.dy * 0.4,
    width: plantW,
    height: 50 * u,
    dx: box.dx * 0.4,
    dy: box.dy * 0.4,
  };
  const [pSide, pFront] = boxFaces(scene, plant, shade(wall, -0.05));
  parts.push(pSide, pFront);
  return {
    svg: parts.join(""),
    left: box.x + Math.min(0, box.dx),
    right: box.x + width + Math.max(0, box.dx),
    top: top - 70 * u,
  };
}

function commercial(scene: Scene, cx: number, base: number, side: 1 | -1): Drawn {
  const { u, random, tone, time } = scene;
  const parts: string[] = [];
  const depth = random.float(200, 260) * u;
  if (random.chance(0.4)) {
    // An office building with a glass curtain wall.
    const width = random.float(520, 640) * u;
    const box: Box = {
      x: cx - width / 2,
      base,
      width,
      height: random.float(520, 640) * u,
      dx: side * depth * 0.8,
      dy: depth * 0.3,
    };
    parts.push(shadowUnder(scene, box));
    const glass = time === "dusk" ? "#1d2a44" : time === "golden" ? "#6d7fa0" : "#5f87ad";
    const [sideFace, front] = boxFaces(scene, box, glass);
    parts.push(sideFace, front);
    const top = base - box.height;
    parts.push(
      polygon(
        [
          [box.x, top + box.height * 0.55],
          [box.x + width * 0.6, top],
          [box.x + width * 0.85, top],
          [box.x, top + box.height * 0.95],
        ],
        { fill: "#ffffff", opacity: time === "dusk" ? 0.05 : 0.18 },
      ),
    );
    const grid: string[] = [];
    for (let x = box.x; x <= box.x + width + 1; x += width / 8)
      grid.push(line(x, top, x, base, {}));
    for (let y = top; y <= base; y += 64 * u) grid.push(line(box.x, y, box.x + width, y, {}));
    parts.push(group(grid.join(""), { stroke: tone("#dfe4ea"), "stroke-width": 4 * u }));
    if (time === "dusk") {
      for (let y = top + 10 * u; y < base - 80 * u; y += 64 * u) {
        for (let x = box.x; x < box.x + width - 1; x += width / 8) {
          if (scene.lightRandom.chance(0.45))
            parts.push(
              rect(x + 3 * u, y, width / 8 - 6 * u, 50 * u, {
                fill: "url(#glassLit)",
                opacity: 0.85,
              }),
            );
        }
      }
    }
    parts.push(rect(cx - 120 * u, base - 110 * u, 240 * u, 110 * u, { fill: "url(#glassDark)" }));
    parts.push(rect(cx - 160 * u, base - 124 * u, 320 * u, 16 * u, { fill: tone("#d7d9db") }));
    parts.push(flatRoof(scene, box, "#8b939b", 4 * u, 14 * u));
    return {
      svg: parts.join(""),
      left: box.x + Math.min(0, box.dx),
      right: box.x + width + Math.max(0, box.dx),
      top,
    };
  }

  // A shopfront building.
  const storeys = random.int(2, 3);
  const width = random.float(620, 760) * u;
  const groundH = 200 * u;
  const storeyH = 150 * u;
  const box: Box = {
    x: cx - width / 2,
    base,
    width,
    height: groundH + (storeys - 1) * storeyH,
    dx: side * depth * 0.8,
    dy: depth * 0.3,
  };
  const wall = random.pick(["#b35e45", "#e4dccd", "#c9b49a", "#8e9aa3", "#f0ebe2"]);
  const brand = random.pick(["#1f5f5b", "#7a1f2b", "#23395d", "#2f2f2f", "#a0522d"]);
  parts.push(shadowUnder(scene, box));
  const [sideFace, front] = boxFaces(
    scene,
    box,
    wall,
    sideWindows(scene, box, storeys - 1, storeyH, 30 * u),
  );
  parts.push(sideFace, front);
  const top = base - box.height;
  for (let s = 0; s < storeys - 1; s++) {
    const columns = Math.floor(width / (130 * u));
    const cell = width / columns;
    for (let c = 0; c < columns; c++) {
      parts.push(
        windowAt(
          scene,
          box.x + cell * c + cell * 0.25,
          top + s * storeyH + storeyH * 0.22,
          cell * 0.5,
          storeyH * 0.58,
        ),
      );
    }
  }
  // Cornice.
  parts.push(
    rect(box.x - 16 * u, top - 22 * u, width + 32 * u, 26 * u, { fill: shade(tone(wall), 0.25) }),
  );
  parts.push(flatRoof(scene, box, shade(wall, 0.1), 16 * u, 26 * u));
  // Shopfront.
  const groundTop = base - groundH;
  parts.push(rect(box.x, groundTop, width, groundH, { fill: tone(brand) }));
  const display = time === "dusk" ? "url(#glassLit)" : "url(#glassDay)";
  const doorW = 90 * u;
  parts.push(
    rect(box.x + 30 * u, groundTop + 70 * u, cx - doorW / 2 - box.x - 50 * u, groundH - 90 * u, {
      fill: display,
    }),
  );
  parts.push(
    rect(
      cx + doorW / 2 + 20 * u,
      groundTop + 70 * u,
      box.x + width - 30 * u - (cx + doorW / 2 + 20 * u),
      groundH - 90 * u,
      { fill: display },
    ),
  );
  parts.push(
    rect(cx - doorW / 2, groundTop + 70 * u, doorW, groundH - 70 * u, { fill: "url(#glassDark)" }),
  );
  parts.push(
    rect(cx - 3 * u, groundTop + 70 * u, 6 * u, groundH - 70 * u, { fill: tone("#c8c8c8") }),
  );
  // Goods in the window.
  for (let i = 0; i < 6; i++) {
    const gx = box.x + 50 * u + random.float(0, width - 140 * u);
    if (Math.abs(gx - cx) < doorW) continue;
    parts.push(
      rect(gx, base - 20 * u - random.float(30, 60) * u, random.float(20, 40) * u, 60 * u, {
        fill: tone(random.pick(["#e8d8b8", "#c75b4a", "#4b6d8c", "#f0f0f0"])),
        opacity: 0.85,
      }),
    );
  }
  // Sign board with a simple mark, no words.
  parts.push(
    rect(box.x + 40 * u, groundTop + 10 * u, width - 80 * u, 44 * u, {
      fill: shade(tone(brand), -0.2),
    }),
  );
  parts.push(circle(cx - 90 * u, groundTop + 32 * u, 14 * u, { fill: "#f4e3b5" }));
  parts.push(rect(cx - 64 * u, groundTop + 24 * u, 160 * u, 7 * u, { fill: "#f4e3b5", rx: 3 * u }));
  parts.push(
    rect(cx - 64 * u, groundTop + 36 * u, 110 * u, 6 * u, {
      fill: "#f4e3b5",
      opacity: 0.7,
      rx: 3 * u,
    }),
  );
  // Striped awning over the windows.
  const awningTop = groundTop + 62 * u;
  const awningBottom = awningTop + 58 * u;
  const stripeA = tone(random.pick(["#c7382f", "#1f6a5a", "#233f73", "#e0a526"]));
  const stripeB = tone("#f6f2ea");
  const stripes = 14;
  for (let i = 0; i < stripes; i++) {
    const x0 = box.x + 10 * u + ((width - 20 * u) / stripes) * i;
    const x1 = x0 + (width - 20 * u) / stripes;
    const bx0 = box.x - 10 * u + ((width + 20 * u) / stripes) * i;
    const bx1 = bx0 + (width + 20 * u) / stripes;
    const color = i % 2 === 0 ? stripeA : stripeB;
    parts.push(circle((bx0 + bx1) / 2, awningBottom, (bx1 - bx0) / 2, { fill: color }));
    parts.push(
      polygon(
        [
          [x0, awningTop],
          [x1, awningTop],
          [bx1, awningBottom],
          [bx0, awningBottom],
        ],
        { fill: color },
      ),
    );
  }
  return {
    svg: parts.join(""),
    left: box.x + Math.min(0, box.dx) - 10 * u,
    right: box.x + width + Math.max(0, box.dx),
    top: top - 30 * u,
  };
}

function garage(scene: Scene, cx: number, base: number, side: 1 | -1, open: boolean): Drawn {
  const { random, tone, time } = scene;
  // Garages are small: draw them larger than life so they fill the picture.
  const u = scene.u * 1.3;
  const doors = random.int(1, 2);
  const width = (doors === 2 ? random.float(640, 720) : random.float(420, 480)) * u;
  const height = random.float(220, 250) * u;
  const depth = random.float(260, 320) * u;
  const box: Box = {
    x: cx - width / 2,
    base,
    width,
    height,
    dx: side * depth * 0.78,
    dy: depth * 0.3,
  };
  const wall = random.pick(["#d8d2c6", "#b35e45", "#e9e6df", "#9aa5ad", "#c9bba4"]);
  const parts = [shadowUnder(scene, box)];
  const sideDoor = rect(depthOf(box) * 0.55, height - 150 * u, 60 * u, 150 * u, {
    fill: tone("#5b4a3c"),
  });
  const [sideFace, front] = boxFaces(scene, box, wall, sideDoor);
  parts.push(sideFace, front);
  const courses: string[] = [];
  for (let y = base - height + 10 * u; y < base; y += 10 * u)
    courses.push(line(box.x, y, box.x + width, y, {}));
  parts.push(
    group(courses.join(""), { stroke: "#000000", "stroke-opacity": 0.08, "stroke-width": 1.5 * u }),
  );
  if (random.chance(0.5)) {
    parts.push(flatRoof(scene, box, "#6c6f73", 12 * u, 22 * u));
  } else {
    const top = base - height;
    const rise = 70 * u;
    const L: Point = [box.x - 18 * u, top + 4 * u];
    const R: Point = [box.x + width + 18 * u, top + 4 * u];
    const ridgeL: Point = [L[0] + box.dx / 2, L[1] - box.dy / 2 - rise];
    const ridgeR: Point = [R[0] + box.dx / 2, R[1] - box.dy / 2 - rise];
    const wallTop: Point = side === 1 ? [box.x + width, top] : [box.x, top];
    const apex = side === 1 ? ridgeR : ridgeL;
    parts.push(
      polygon([wallTop, [wallTop[0] + box.dx, wallTop[1] - box.dy], apex], {
        fill: shade(tone(wall), -0.22),
      }),
    );
    parts.push(polygon([L, R, ridgeR, ridgeL], { fill: tone(random.pick(roofColors)) }));
  }
  const doorW = (width - (doors + 1) * 40 * u) / doors;
  const doorH = height * 0.72;
  for (let i = 0; i < doors; i++) {
    const x = box.x + 40 * u + i * (doorW + 40 * u);
    if (open && i === 0) {
      parts.push(
        rect(x - 8 * u, base - doorH - 8 * u, doorW + 16 * u, doorH + 8 * u, {
          fill: tone("#e9e5dc"),
        }),
      );
      parts.push(rect(x, base - doorH, doorW, doorH, { fill: "#25272b" }));
      parts.push(rect(x, base - doorH, doorW, doorH * 0.16, { fill: tone("#d9d4ca") }));
      parts.push(
        car(
          scene,
          x + doorW * 0.08,
          base - 4 * u,
          doorW * 0.84,
          random.pick(["#b3262e", "#2f5d8a", "#d9d9d9", "#2b2b2b"]),
        ),
      );
    } else {
      parts.push(
        garageDoor(
          scene,
          x,
          base,
          doorW,
          doorH,
          random.pick(["#f1eee8", "#d6d1c7", "#7a5a3c", "#4a5560"]),
        ),
      );
    }
    // Lamp above each door.
    parts.push(
      rect(x + doorW / 2 - 10 * u, base - doorH - 40 * u, 20 * u, 16 * u, {
        fill: time === "dusk" ? "#ffe3a0" : tone("#3a3a3a"),
      }),
    );
    if (time === "dusk")
      parts.push(circle(x + doorW / 2, base - doorH - 30 * u, 70 * u, { fill: "url(#lampGlow)" }));
  }
  // Driveway.
  parts.push(
    polygon(
      [
        [box.x + 20 * u, base + 2 * u],
        [box.x + width - 20 * u, base + 2 * u],
        [box.x + width + 120 * u, scene.height + 10],
        [box.x - 120 * u, scene.height + 10],
      ],
      { fill: tone("#cdc7bc") },
    ),
  );
  return {
    svg: parts.join(""),
    left: box.x + Math.min(0, box.dx),
    right: box.x + width + Math.max(0, box.dx),
    top: base - height - 90 * u,
  };
}

// ---------------------------------------------------------------------------------------------
// The picture

export interface ExteriorOptions {
  width: number;
  height: number;
  kind: BuildingKind;
  time: TimeOfDay;
  /** Which side the building's side face shows: 1 right, -1 left. */
  side: 1 | -1;
  /** Enlarges the building around its centre: the closer "side" shots. */
  zoom: number;
  /** Where the building stands, as a share of the width. */
  focusX: number;
  /** For garages: one door open, with a car inside. */
  open?: boolean;
  /** Size of everything relative to the picture's height (1 for 1067 px high). */
  scale?: number;
}

/**
 * An outdoor picture. `building` draws the building and its garden (the same for every shot
 * of one property); `shot` draws the sky and the lights.
 */
export function exteriorSvg(building: Random, shot: Random, options: ExteriorOptions): string {
  const { width, height, kind, time, side, zoom } = options;
  const scene = createScene(width, height, building, shot, time, options.scale ?? 1);
  const random = building;
  const { u } = scene;
  const urban = kind === "apartment" || kind === "commercial";
  const horizon = height * shot.float(0.56, 0.64);
  const base = horizon + (urban ? 150 : 170) * u;
  const cx = width * options.focusX;

  const back: string[] = [sky(scene, horizon)];
  back.push(urban ? skyline(scene, horizon) : hills(scene, horizon));
  back.push(ground(scene, horizon, urban));

  const drawn =
    kind === "house"
      ? house(scene, cx, base, side)
      : kind === "villa"
        ? villa(scene, cx, base, side)
        : kind === "apartment"
          ? apartment(scene, cx, base, side)
          : kind === "commercial"
            ? commercial(scene, cx, base, side)
            : garage(scene, cx, base, side, options.open ?? false);

  // Trees behind the building, beside it.
  const behind: string[] = [];
  const inFront: string[] = [];
  const tree = (x: number, y: number, size: number) =>
    kind === "villa" && random.chance(0.6)
      ? palm(scene, x, y, size)
      : random.chance(0.3)
        ? conifer(scene, x, y, size)
        : roundTree(scene, x, y, size);
  if (!urban || random.chance(0.6)) {
    behind.push(
      tree(drawn.left - random.float(40, 120) * u, base - 20 * u, random.float(300, 420) * u),
    );
    behind.push(
      tree(drawn.right + random.float(30, 110) * u, base - 24 * u, random.float(280, 400) * u),
    );
  }
  if (!urban) {
    // Path to the door (garages have their driveway), bushes along the front, a tree or two
    // in the foreground.
    const doorX = drawn.doorX ?? cx;
    if (kind !== "garage") {
      inFront.push(
        polygon(
          [
            [doorX - 40 * u, base + 18 * u],
            [doorX + 40 * u, base + 18 * u],
            [doorX + 120 * u, height + 10],
            [doorX - 120 * u, height + 10],
          ],
          { fill: scene.tone("#d8cfbf") },
        ),
      );
    }
    const bushes =
      kind === "garage"
        ? [drawn.left - 170 * u, drawn.right + 10 * u]
        : [doorX - 90 * u - random.float(120, 200) * u, doorX + 90 * u];
    for (const x of bushes) {
      inFront.push(bush(scene, x, base + 16 * u, random.float(120, 200) * u));
    }
    if (random.chance(0.5)) {
      inFront.push(
        tree(
          random.chance(0.5) ? width * 0.06 : width * 0.94,
          height - 30 * u,
          random.float(520, 640) * u,
        ),
      );
    }
    if (kind === "house" && random.chance(0.35)) {
      inFront.push(
        car(
          scene,
          drawn.right - 40 * u,
          base + 110 * u,
          330 * u,
          random.pick(["#b3262e", "#2f5d8a", "#d9d9d9", "#2b2b2b", "#5c6b3a"]),
        ),
      );
    }
  } else {
    // Street trees in planters, clear of the entrance, and a lamp post.
    const clear = (x: number, margin = 60 * u) =>
      x < drawn.left - margin || x > drawn.right + margin;
    for (let x = random.float(60, 200) * u; x < width; x += random.float(360, 480) * u) {
      const size = random.float(260, 330) * u;
      if (!clear(x, size * 0.5)) continue;
      inFront.push(
        rect(x - 30 * u, height - 150 * u, 60 * u, 18 * u, { fill: scene.tone("#8a8378") }),
      );
      inFront.push(roundTree(scene, x, height - 140 * u, size));
    }
    const lampX = clear(drawn.left - 120 * u) ? drawn.left - 120 * u : drawn.right + 120 * u;
    inFront.push(
      rect(lampX - 5 * u, height - 440 * u, 10 * u, 300 * u, { fill: scene.tone("#2f3337") }),
    );
    inFront.push(
      rect(lampX - 30 * u, height - 450 * u, 60 * u, 14 * u, {
        fill: time === "dusk" ? "#ffe3a0" : scene.tone("#2f3337"),
      }),
    );
    if (time === "dusk")
      inFront.push(circle(lampX, height - 430 * u, 140 * u, { fill: "url(#lampGlow)" }));
  }

  const zoomed = (content: string) =>
    zoom === 1
      ? content
      : group(content, {
          transform: `translate(${r(cx)},${r(base)}) scale(${zoom}) translate(${r(-cx)},${r(-base)})`,
        });

  const body = [
    ...back,
    zoomed(behind.join("") + drawn.svg + inFront.join("")),
    rect(0, 0, width, height, { fill: "url(#vignette)" }),
  ].join("");
  return svgDocument(width, height, commonDefs(scene), body);
}
