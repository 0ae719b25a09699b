// A sheet rendered for a gallery page: its parts (each marked with data-application-part by the stand-in, as core marks them) and
// its window header's controls (the system's play/edit toggle beside core's close button), which the page's frame
// shows in its header (gallery.ts `page`).
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SheetHtml {
  parts: string;
  classes: string;
  width: number;
  height: number;
}

/** Marks the header controls inside a page body; gallery.ts moves them into the frame's header. */
export const HEADER_CONTROLS = "gallery-header-controls";

export async function sheetHtml(Sheet: Any, document: Any, setup: (sheet: Any) => void = () => {}): Promise<SheetHtml> {
  const sheet = new Sheet({ document });
  setup(sheet);
  await sheet.render(true);
  const parts = Object.values(sheet.lastRender as Record<string, string>);
  const controls = (sheet.window?.header.querySelectorAll(".header-control") ?? []).map((c: Any) => c.outerHTML).join("");
  return {
    parts: `${controls ? `<template class="${HEADER_CONTROLS}">${controls}</template>` : ""}${parts.join("\n")}`,
    classes: [...new Set((sheet.options.classes as string[]) ?? [])].join(" "),
    width: sheet.options.position.width as number,
    height: sheet.options.position.height as number,
  };
}
