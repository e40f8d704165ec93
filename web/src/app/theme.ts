import {
  Badge,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
} from "@mantine/core";

/** The spec's 12-colour palette (spec/product.md 9): Blue, Green, Red, Orange × Light, normal, Dark. */
export const PALETTE = {
  blueLight: "#e7f0fd",
  blue: "#1c64d8",
  blueDark: "#134597",
  greenLight: "#e6f6ec",
  green: "#1f9d55",
  greenDark: "#146c3a",
  redLight: "#fdeaea",
  red: "#d93025",
  redDark: "#9b1c14",
  orangeLight: "#fff1e0",
  orange: "#f08c00",
  orangeDark: "#a65f00",
} as const;

export type PaletteColour = keyof typeof PALETTE;

// Mantine wants ten shades per colour; ours are spread so that shade 0 is Light, 6 (Mantine's
// default filled shade) is normal and 9 is Dark, with the steps between blended.
function tuple(light: string, normal: string, dark: string): MantineColorsTuple {
  const mix = (a: string, b: string, t: number) => {
    const channels = [1, 3, 5].map((i) => {
      const x = Number.parseInt(a.slice(i, i + 2), 16);
      const y = Number.parseInt(b.slice(i, i + 2), 16);
      return Math.round(x + (y - x) * t)
        .toString(16)
        .padStart(2, "0");
    });
    return `#${channels.join("")}`;
  };
  return [
    light,
    mix(light, normal, 0.2),
    mix(light, normal, 0.4),
    mix(light, normal, 0.6),
    mix(light, normal, 0.8),
    mix(light, normal, 0.9),
    normal,
    mix(normal, dark, 0.33),
    mix(normal, dark, 0.66),
    dark,
  ];
}

export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: 6,
  colors: {
    blue: tuple(PALETTE.blueLight, PALETTE.blue, PALETTE.blueDark),
    green: tuple(PALETTE.greenLight, PALETTE.green, PALETTE.greenDark),
    red: tuple(PALETTE.redLight, PALETTE.red, PALETTE.redDark),
    orange: tuple(PALETTE.orangeLight, PALETTE.orange, PALETTE.orangeDark),
  },
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "sm",
  components: {
    // Issue 40: Mantine's badge shouts in capitals ("A/c" became "A/C", "Partly Received" read
    // as a code) and cuts its text at the badge's width ("PARTLY RECEIV…"). Ours keep the words
    // as written and grow to hold them.
    Badge: Badge.extend({
      styles: {
        root: {
          textTransform: "none",
          overflow: "visible",
          height: "auto",
          minHeight: "var(--badge-height)",
        },
        label: { overflow: "visible", textOverflow: "clip", whiteSpace: "nowrap" },
      },
    }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: Object.fromEntries(
    Object.entries(PALETTE).map(([name, value]) => [`--bahi-${name}`, value]),
  ),
  light: {},
  dark: {},
});
