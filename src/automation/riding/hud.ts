// The token HUD's riding button (renderTokenHUD): on a rider or a mount, "Absitzen"; on a creature that could mount a
// ridable companion now, "Aufsitzen" (onto the targeted one, else the nearest). Shown to users who may do it.
import { dismount, mountUp } from "./mount";
import { mayWrite, pairOf } from "./pair";
import type { TokenDoc } from "./pair";
import { mountOptions } from "./view";

const escape = (s: string) => foundry.utils.escapeHTML(s);
const nameOf = (token: TokenDoc) => token.name || token.actor?.name || "";

/** The mount `rider` would mount from the HUD: a targeted one it may mount, else the nearest. */
export function hudMountFor(rider: TokenDoc, user: User.Implementation = game.user!): TokenDoc | null {
  const { mounts } = mountOptions(rider);
  const targeted = new Set([...((user.targets ?? []) as Iterable<{ document?: TokenDoc }>)].map((t) => t.document));
  return mounts.find((m) => targeted.has(m)) ?? mounts[0] ?? null;
}

/** What the button does for this token and user, or null when there is no button. */
export function hudRidingAction(token: TokenDoc, user: User.Implementation = game.user!): { kind: "dismount" | "mount"; label: string; run: () => Promise<unknown> } | null {
  const i18n = game.i18n!;
  const pair = pairOf(token);
  if (pair) {
    if (!mayWrite(user, pair.rider) && !mayWrite(user, pair.mount)) return null;
    const label = i18n.format("FLEX.Riding.DismountAria", { rider: nameOf(pair.rider), mount: nameOf(pair.mount) });
    return { kind: "dismount", label, run: () => dismount(token) };
  }
  if (!mayWrite(user, token)) return null;
  const mount = hudMountFor(token, user);
  if (!mount) return null;
  const label = i18n.format("FLEX.Riding.MountAria", { rider: nameOf(token), mount: nameOf(mount) });
  return { kind: "mount", label, run: () => mountUp(token, mount) };
}

/** The HUD's token: v13's TokenHUD holds the Token placeable (`object`), whose document is the TokenDocument. */
export interface TokenHudLike {
  document?: unknown;
  object?: { document?: unknown } | null;
}

/** renderTokenHUD: adds the button to the HUD's left column. */
export function onRenderTokenHUD(hud: TokenHudLike, html: HTMLElement): void {
  const token = (hud.document ?? hud.object?.document) as TokenDoc | undefined;
  if (!token?.actor || !game.user) return;
  const action = hudRidingAction(token);
  if (!action) return;
  const column = html.querySelector(".col.left") ?? html;
  const active = action.kind === "dismount" ? " active" : "";
  const icon = action.kind === "dismount" ? "fa-person-walking-arrow-right" : "fa-horse";
  column.insertAdjacentHTML("beforeend", `<button type="button" class="control-icon flex-riding${active}" data-flex-riding="${action.kind}" aria-label="${escape(action.label)}" data-tooltip="${escape(action.label)}"><i class="fa-solid ${icon}" inert></i></button>`);
  const button = column.querySelector<HTMLButtonElement>("button.flex-riding");
  button?.addEventListener("click", (event) => {
    event.preventDefault();
    button.disabled = true;
    void action.run().finally(() => (button.disabled = false));
  });
}
