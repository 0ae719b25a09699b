// The GM's reward helper (R-MONEY-1): the suggested reward for each selected character's next level, split over
// n quests; its main button pays the ticked characters their next quest's share (automation/making/reward.ts keeps
// what each has received), as dnd5e's award pays on its main button.
import { currency, isRefused, MAX_QUESTS, payRewards, rewardCandidates, rewardRows, type RewardPaid, type RewardRow } from "../../automation/making";
import { nextRewardShare } from "../../rules";

export const REWARD_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/reward-dialog.hbs";

const i18n = () => game.i18n!;

export interface RewardOptions {
  /** The characters (actors or ids); by default the selected tokens' characters, else every player character. */
  actors?: (Actor.Implementation | string)[];
  /** Split over this many quests (1 … 20). */
  quests?: number;
  /** false: no dialog (a macro): returns the suggestions, and pays when `pay` is true. */
  dialog?: boolean;
  pay?: boolean;
}

export interface RewardReport {
  quests: number;
  rows: RewardRow[];
  /** What was paid (the next quest's share each), or null. */
  paid: RewardPaid | null;
}

const clampQuests = (n: unknown) => {
  const q = Math.trunc(Number(n));
  return Number.isFinite(q) ? Math.min(MAX_QUESTS, Math.max(1, q)) : 1;
};

/** What the next payment is: "Auftrag 2 von 4: 250 ¥", or that the mission is paid in full. */
export function shareLabel(reward: number, quests: number, received: number): string {
  const next = nextRewardShare(reward, quests, received);
  if (next.complete) return i18n().localize("FLEX.Making.Reward.AllPaid");
  return i18n().format("FLEX.Making.Reward.Next", { quest: String(next.quest), quests: String(quests), share: String(next.share), currency: currency() });
}

/** The rows as the dialog shows them: what each character has received so far and the next share's label. */
export function rewardDialogRows(rows: RewardRow[], quests: number): (RewardRow & { received: number; share: string })[] {
  return rows.map((r) => {
    const received = r.reward - r.next.remaining;
    return { ...r, received, share: shareLabel(r.reward, quests, received) };
  });
}

/** The dialog's table: each row's next share follows the number of quests as the GM types it. */
function liveShares(_event: Event, dialog: foundry.applications.api.DialogV2): void {
  const root = dialog.element;
  const input = root?.querySelector<HTMLInputElement>("input[name='quests']");
  if (!root || !input) return;
  input.addEventListener("input", () => {
    const quests = clampQuests(input.value);
    for (const row of root.querySelectorAll<HTMLElement>("tr[data-reward]")) {
      const cell = row.querySelector(".flex-reward-share");
      if (cell) cell.textContent = shareLabel(Number(row.dataset.reward), quests, Number(row.dataset.received));
    }
  });
}

/**
 * R-MONEY-1: the GM's reward helper. With a dialog (the default) it shows each character's suggested reward and
 * its split over the quests, and pays each ticked character the next quest's share when the GM asks; without
 * (`dialog: false`) it returns the suggestions and pays when `pay` is true. GM only.
 */
export async function rewards(options: RewardOptions = {}): Promise<RewardReport | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(i18n().localize("FLEX.Making.Reward.GMOnly"));
    return null;
  }
  let quests = clampQuests(options.quests ?? 1);
  const rows = rewardRows(options.actors ?? rewardCandidates(), quests);
  if (!rows.length) {
    ui.notifications?.info(i18n().localize("FLEX.Making.Reward.NoCharacters"));
    return { quests, rows, paid: null };
  }
  if (options.dialog === false) {
    const paid = options.pay ? await payRewards(rows.map((r) => r.actorId), quests) : null;
    return { quests, rows, paid: paid && !isRefused(paid) ? paid : null };
  }
  const content = await foundry.applications.handlebars.renderTemplate(REWARD_DIALOG_TEMPLATE, {
    rows: rewardDialogRows(rows, quests),
    quests,
    max: MAX_QUESTS,
    currency: currency(),
  });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: i18n().localize("FLEX.Making.Reward.Title") },
    // Wide enough for the shares' table in every language (Russian needs the most).
    position: { width: 560 },
    content,
    render: liveShares,
    ok: { label: i18n().localize("FLEX.Making.Reward.Confirm"), icon: "fa-solid fa-sack-dollar" },
  });
  if (!data) return { quests, rows, paid: null };
  quests = clampQuests(data.quests ?? quests);
  const flat = foundry.utils.flattenObject(data) as Record<string, unknown>;
  const ticked = (k: string) => flat[k] === true || flat[k] === "on" || flat[k] === "true";
  const chosen = rows.filter((r) => ticked(`${r.actorId}.include`)).map((r) => r.actorId);
  const finalRows = rewardRows(rows.map((r) => r.actorId), quests);
  if (!chosen.length) return { quests, rows: finalRows, paid: null };
  const paid = await payRewards(chosen, quests);
  return { quests, rows: finalRows, paid: paid && !isRefused(paid) ? paid : null };
}
