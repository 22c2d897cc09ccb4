/**
 * The small line icons of the listings (24×24, stroke = currentColor). Decorative: each icon is
 * hidden from assistive technology, so the text beside it carries the meaning.
 */
import type { ReactNode } from "react";

const paths = {
  bed: (
    <>
      <path d="M2 20v-8a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v8" />
      <path d="M4 10V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v4" />
      <path d="M2 17h20M12 10V7" />
    </>
  ),
  bath: (
    <>
      <path d="M3 12h18v3a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5z" />
      <path d="M6 12V5a2 2 0 0 1 3.5-1.3L10 4M7 20l-1 2M17 20l1 2" />
    </>
  ),
  area: (
    <>
      <path d="M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6" />
      <path d="M8 8l8 8M16 8l-8 8" />
    </>
  ),
  garage: (
    <>
      <path d="M3 21V9l9-6 9 6v12" />
      <path d="M7 21v-8h10v8M7 17h10" />
    </>
  ),
  room: (
    <>
      <path d="M4 21V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v17M2 21h20" />
      <path d="M16 5h3a1 1 0 0 1 1 1v15M12 12h.01" />
    </>
  ),
  floor: (
    <>
      <path d="M12 3l9 5-9 5-9-5z" />
      <path d="M3 13l9 5 9-5M3 17l9 5 9-5" />
    </>
  ),
  pin: (
    <>
      <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  list: (
    <>
      <path d="M9 6h12M9 12h12M9 18h12" />
      <path d="M4 6h.01M4 12h.01M4 18h.01" />
    </>
  ),
  grid: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <rect x="14" y="14" width="7" height="7" rx="1" />
    </>
  ),
  "chevron-left": <path d="M15 18l-6-6 6-6" />,
  "chevron-right": <path d="M9 18l6-6-6-6" />,
  check: <path d="M20 6L9 17l-5-5" />,
  phone: (
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
  ),
  mail: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="M22 7l-10 6L2 7" />
    </>
  ),
  wifi: (
    <>
      <path d="M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M2 9a15 15 0 0 1 20 0" />
      <path d="M12 20h.01" />
    </>
  ),
  pool: (
    <>
      <path d="M2 18c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5" />
      <path d="M8 15V5a2 2 0 0 1 4 0M16 15V5a2 2 0 0 0-4 0M8 8h8M8 12h8" />
    </>
  ),
  car: (
    <>
      <path d="M5 17h14v-5l-2-5H7l-2 5z" />
      <path d="M5 12h14M7 17v2M17 17v2" />
      <circle cx="8" cy="14.5" r=".5" />
      <circle cx="16" cy="14.5" r=".5" />
    </>
  ),
  snowflake: <path d="M12 2v20M4 7l16 10M20 7L4 17M9 4l3 2 3-2M9 20l3-2 3 2" />,
  dumbbell: <path d="M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12" />,
  shield: (
    <>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  elevator: (
    <>
      <rect x="4" y="2" width="16" height="20" rx="2" />
      <path d="M9 9l3-3 3 3M9 15l3 3 3-3" />
    </>
  ),
  tree: (
    <>
      <path d="M12 22v-6" />
      <path d="M12 2l6 9h-3l4 5H5l4-5H6z" />
    </>
  ),
  laundry: (
    <>
      <rect x="4" y="2" width="16" height="20" rx="2" />
      <circle cx="12" cy="13" r="5" />
      <path d="M8 6h.01M11 6h.01" />
    </>
  ),
  paw: (
    <>
      <circle cx="6" cy="10" r="2" />
      <circle cx="10" cy="5" r="2" />
      <circle cx="14" cy="5" r="2" />
      <circle cx="18" cy="10" r="2" />
      <path d="M8 17a4 4 0 0 1 8 0 3 3 0 0 1-3 3h-2a3 3 0 0 1-3-3z" />
    </>
  ),
  flame: (
    <path d="M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8a7 7 0 0 0 7 7z" />
  ),
  tv: (
    <>
      <rect x="2" y="6" width="20" height="13" rx="2" />
      <path d="M7 2l5 4 5-4" />
    </>
  ),
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  home: (
    <>
      <path d="M3 10l9-7 9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      <path d="M9 22V12h6v10" />
    </>
  ),
  video: (
    <>
      <rect x="2" y="5" width="14" height="14" rx="2" />
      <path d="M16 10l6-3v10l-6-3" />
    </>
  ),
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  twitter: (
    <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
  ),
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof paths;

/** Amenity icon names as the API may send them, mapped onto this icon set. */
const amenityAliases: Record<string, IconName> = {
  wifi: "wifi",
  internet: "wifi",
  pool: "pool",
  "swimming-pool": "pool",
  swimming: "pool",
  parking: "car",
  car: "car",
  garage: "garage",
  "air-conditioning": "snowflake",
  ac: "snowflake",
  snowflake: "snowflake",
  "air-conditioner": "snowflake",
  gym: "dumbbell",
  dumbbell: "dumbbell",
  fitness: "dumbbell",
  security: "shield",
  shield: "shield",
  alarm: "shield",
  elevator: "elevator",
  lift: "elevator",
  garden: "tree",
  tree: "tree",
  laundry: "laundry",
  washer: "laundry",
  "washing-machine": "laundry",
  pets: "paw",
  paw: "paw",
  "pet-friendly": "paw",
  fireplace: "flame",
  heating: "flame",
  flame: "flame",
  tv: "tv",
  "cable-tv": "tv",
  balcony: "sun",
  terrace: "sun",
  sun: "sun",
  home: "home",
  bed: "bed",
  bath: "bath",
};

/** The icon for an amenity's icon name; unknown names fall back to a check mark. */
export function amenityIconName(name: string): IconName {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/^(fa|fas|far|flaticon|icon|lni)[-\s]+/, "")
    .replace(/[\s_]+/g, "-");
  return amenityAliases[key] ?? (key in paths ? (key as IconName) : "check");
}

export interface IconProps {
  name: IconName;
  className?: string;
  size?: number;
}

export function Icon({ name, className, size = 18 }: IconProps) {
  return (
    <svg
      className={className ? `listing-icon ${className}` : "listing-icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
