import { expect, test } from "vitest";
import { PALETTE, theme } from "./theme.ts";

test("the palette has the spec's 12 colours: 4 hues × Light, normal, Dark (spec 9)", () => {
  expect(Object.keys(PALETTE)).toHaveLength(12);
  for (const hue of ["blue", "green", "red", "orange"] as const) {
    const shades = theme.colors?.[hue];
    expect(shades?.[0]).toBe(PALETTE[`${hue}Light`]);
    expect(shades?.[6]).toBe(PALETTE[hue]);
    expect(shades?.[9]).toBe(PALETTE[`${hue}Dark`]);
    expect(shades).toHaveLength(10);
  }
});

test("badges keep their words as written and are not cut (issue 40)", () => {
  const styles = theme.components?.Badge?.styles as {
    root: Record<string, string>;
    label: Record<string, string>;
  };
  expect(styles.root.textTransform).toBe("none");
  expect(styles.root.overflow).toBe("visible");
  expect(styles.label.textOverflow).toBe("clip");
});
