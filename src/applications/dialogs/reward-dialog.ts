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

/** The next payment (R-MONEY-1 split): which quest it is for ("Auftrag 2 von 4", or all paid) and its share in ¥. */
export function nextShare(reward: number, quests: number, received: number): { label: string; share: number } {
  const next = nextRewardShare(reward, quests, received);
  if (next.complete) return { label: i18n().localize("FLEX.Making.Reward.AllPaid"), share: 0 };
  return { label: i18n().format("FLEX.Making.Reward.QuestOf", { quest: String(next.quest), quests: String(quests) }), share: next.share };
}

/** The rows as the dialog shows them: what each character has received so far, the next quest and its share. */
export function rewardDialogRows(rows: RewardRow[], quests: number): (RewardRow & { received: number; quest: string; share: number })[] {
  return rows.map((r) => {
    const received = r.reward - r.next.remaining;
    const next = nextShare(r.reward, quests, received);
    return { ...r, received, quest: next.label, share: next.share };
  });
}

/**
 * An amount typed in the dialog: whole ¥ (the yen has no subunit), or null for a text, an empty cell, a negative
 * number or a fraction ("1.200" is no 1 ¥: the GM is told rather than paid a guess).
 */
export function readRewardAmount(raw: unknown): number | null {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() ? Number(raw.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The dialog's table: each row's quest and amount follow the number of quests as the GM types it, until the GM types an amount. */
function liveShares(_event: Event, dialog: foundry.applications.api.DialogV2): void {
  const root = dialog.element;
  const input = root?.querySelector<HTMLInputElement>("input[name='quests']");
  if (!root || !input) return;
  // An amount the GM has typed is the GM's: the quests no longer change it.
  root.addEventListener("input", (event) => {
    const amount = event.target as HTMLInputElement;
    if (amount.getAttribute("name")?.endsWith(".amount")) amount.setAttribute("data-edited", "");
  });
  input.addEventListener("input", () => {
    const quests = clampQuests(input.value);
    for (const row of root.querySelectorAll<HTMLElement>("tr[data-reward]")) {
      const next = nextShare(Number(row.dataset.reward), quests, Number(row.dataset.received));
      const label = row.querySelector(".flex-reward-quest");
      if (label) label.textContent = next.label;
      const amount = row.querySelector<HTMLInputElement>("input[name$='.amount']");
      if (amount && !amount.hasAttribute("data-edited")) amount.value = String(next.share);
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
  const amounts: Record<string, number> = {};
  const chosen = rows.filter((r) => ticked(`${r.actorId}.include`)).flatMap((r) => {
    const key = `${r.actorId}.amount`;
    // A dialog without the cell (an older template, a macro's form) pays the guide's share.
    if (!(key in flat)) return [r.actorId];
    const amount = readRewardAmount(flat[key]);
    if (amount === null) {
      ui.notifications?.warn(i18n().format("FLEX.Making.Reward.Invalid", { name: r.name, value: String(flat[key] ?? ""), currency: currency() }));
      return [];
    }
    amounts[r.actorId] = amount;
    return amount > 0 ? [r.actorId] : [];
  });
  const finalRows = rewardRows(rows.map((r) => r.actorId), quests);
  if (!chosen.length) return { quests, rows: finalRows, paid: null };
  const paid = await payRewards(chosen, quests, amounts);
  return { quests, rows: finalRows, paid: paid && !isRefused(paid) ? paid : null };
}
