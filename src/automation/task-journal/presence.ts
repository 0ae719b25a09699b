// Who is there to finish a task: this client's own connection, and whether a holder of a task has gone.
//
// A client whose socket drops is gone for the table from that moment until it reloads (audit N11): socket.io keeps
// what the client emits meanwhile and sends it when the socket is back, while the server does not replay what the
// others wrote in between (foundryvtt#10562). A GM that wrote then would land late writes with what it read before
// another GM took its tasks over. So this GM client sends no document or world-setting write from the drop on (its
// preCreate/preUpdate/preDelete hooks cancel them), takes up no task, and asks its user to reload once it is back.
import { onAnyHook } from "../../helpers/hooks";
import { clientLocal } from "../../helpers/client-local";

const socket = clientLocal("presence.socket", () => ({ lost: false, told: false }));

/** Whether this client may still write for the table: connected, and not dropped since it loaded. */
export function connected(): boolean {
  return !socket().lost && game.socket?.connected !== false && game.user?.active !== false;
}

/** A holder that dropped out: not connected any more. (A GM that reloads is connected again and finishes its own.) */
export const holderGone = (user: User.Implementation): boolean => !user.active;

/** The documents a GM task writes (task-journal/steps.ts, the cards, the statuses); a world setting is one too. */
const WRITTEN = ["Actor", "Item", "ActiveEffect", "ChatMessage", "User", "Token", "Combat", "Combatant", "Scene", "Setting"] as const;

/** A GM client that lost its socket cancels the write (it would land late and stale); once, it says why. */
function refuseWhileLost(): false | undefined {
  if (!game.user?.isGM || connected()) return undefined;
  if (!socket().told) {
    socket().told = true;
    ui.notifications?.warn(game.i18n!.localize("FLEX.Journal.ConnectionLost"));
  }
  return false;
}

/** Watches this client's socket; registered at init (game.socket exists by then). */
export function registerPresence(): void {
  game.socket?.on("disconnect", () => {
    socket().lost = true;
  });
  game.socket?.on("connect", () => {
    if (socket().lost && game.user?.isGM) ui.notifications?.warn(game.i18n!.localize("FLEX.Journal.Reload"), { permanent: true });
  });
  for (const name of WRITTEN) {
    // A hook name built at run time has no entry in the types' hook table, so its name and handler are cast.
    for (const action of ["Create", "Update", "Delete"]) onAnyHook(`pre${action}${name}`, refuseWhileLost);
  }
}
