export * from "./basis-points.ts";
export * from "./cess-rate.ts";
export * from "./gst-rate.ts";
