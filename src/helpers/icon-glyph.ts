// The system's own pictures tinted to the theme where the system draws them (rows, status toggles and chips, the
// browser): an <img> of one of them carries its bare glyph (assets/icons/glyph/…, tools/icon-set.mjs) as a CSS mask
// filled with currentColor (styles/flex.css `img[data-flex-glyph]`), so it reads in the text colour on light and dark.
// Any other picture (a user's portrait, a module's art) is drawn as it is.

/** "systems/flex/assets/icons/<folder>/<file>.svg" → its glyph's path; null for a picture that is not the system's. */
export function glyphOf(img: unknown): string | null {
  if (typeof img !== "string") return null;
  const own = /^(?:systems\/flex\/)?assets\/icons\/(?!glyph\/)([\w-]+\/[\w-]+\.svg)$/.exec(img);
  return own ? `systems/flex/assets/icons/glyph/${own[1]}` : null;
}

/** The attributes that make an <img> of `img` a tinted glyph (empty for any other picture). */
export function glyphAttributes(img: unknown): string {
  const glyph = glyphOf(img);
  // Inline, not a custom property: a url() in a custom property resolves against the stylesheet that uses it.
  return glyph ? `data-flex-glyph style="mask-image: url('${glyph}'); -webkit-mask-image: url('${glyph}')"` : "";
}

/** The Handlebars helper `<img src="{{img}}" {{flexGlyph img}}>`. */
export function registerGlyphHelper(): void {
  const hb: typeof Handlebars = Reflect.get(globalThis, "Handlebars");
  hb.registerHelper("flexGlyph", (img: unknown) => new hb.SafeString(glyphAttributes(img)));
}
