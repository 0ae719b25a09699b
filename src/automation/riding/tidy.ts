// Riding is tidied when a client starts and whenever a GM connects or drops: what a client that dropped mid-write left
// behind is put right in the work queue — half pairs lose their flags, a rider not on its mount's seat is seated (one
// write per scene), and *beritten* is shown exactly on the creatures in a pair. Each fix is made by the active GM, or,
// with no GM online, by the first connected owner of what needs fixing (so a rider's player seats its own rider).
import { runOnGMQueue } from "../gm-queue";
import { actorIsMounted, MOUNTED_STATUS, pairOf, performerFor, ridingFlag, riderOnMount, seatOf } from "./pair";
import type { TokenDoc } from "./pair";
import { ridingOptions, syncStatuses } from "./writes";

/** Every actor that may carry the status: world actors and the actors of unlinked tokens. */
function allActors(): Actor.Implementation[] {
  const world = (game.actors?.contents ?? []) as Actor.Implementation[];
  const tokens = (game.scenes?.contents ?? []).flatMap((s) => s.tokens.contents.filter((t) => !t.actorLink && t.actor).map((t) => t.actor as Actor.Implementation));
  return [...world, ...tokens];
}

/** Puts this client's share of every scene's pairs and *beritten* statuses right. Returns how many things it fixed. */
export async function tidyRiding(): Promise<number> {
  const mine = (doc: TokenDoc | Actor.Implementation) => performerFor(null, doc)?.isSelf === true;
  return runOnGMQueue(`riding.tidy:${foundry.utils.randomID()}`, async () => {
    let fixed = 0;
    for (const scene of (game.scenes?.contents ?? []) as Scene.Implementation[]) {
      const updates: Record<string, unknown>[] = [];
      for (const token of scene.tokens.contents as TokenDoc[]) {
        if (!mine(token)) continue;
        const flag = ridingFlag(token);
        const pair = pairOf(token);
        if ((flag.mount || flag.rider) && !pair) updates.push({ _id: token.id, "flags.flex.-=riding": null });
        else if (pair?.rider === token && !riderOnMount(pair)) updates.push({ _id: token.id, ...seatOf(pair) });
      }
      if (updates.length) await scene.updateEmbeddedDocuments("Token", updates, ridingOptions("follow"));
      fixed += updates.length;
    }
    const wrong = allActors().filter((a) => mine(a) && a.statuses?.has(MOUNTED_STATUS) !== actorIsMounted(a));
    await syncStatuses(wrong);
    return fixed + wrong.length;
  });
}
