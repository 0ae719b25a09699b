// The preview beside the results: the selected entry's numbers in full, as its index has them (no document is read;
// a talent's description is read once it is previewed, talent-description.ts).
import { localDice } from "../../helpers/dice-text";
import { downtimeDaysText } from "../../helpers/downtime-days";
import { downtimeActivities, landSpeed, swimSpeed } from "../../rules";
import { currencyLabel } from "../../helpers/settings";
import { stufeText, unitText } from "../../helpers/units";
import { downtimeEffect } from "../downtime-effect";
import { priceText } from "./columns";
import type { BrowseRow } from "./rows";

interface Fact {
  label: string;
  value: string;
}

export interface Preview {
  uuid: string;
  name: string;
  /** The German name, when the shown one differs (the name the rules know). */
  german: string | null;
  img: string;
  source: string;
  kind: string;
  facts: Fact[];
  tags: string[];
  /** What a rest talent or a downtime activity does, in the rules' words (the language files). */
  effect: string | null;
  /** A creature's attacks, one line each ("Krallen · W10+3 · 2W6 · 2 Aktionen"). */
  attacks: string[];
  /** A creature's passives by name, in one line. */
  passives: string;
}

/** A creature's speed: "24 Schritt"; B-7: one that lives only in water "1 Schritt an Land · schwimmend 24 Schritt". */
function speedText(speed: number, waterOnly: boolean): string {
  if (!waterOnly) return unitText("Schritt", speed);
  const i18n = game.i18n!;
  return `${i18n.format("FLEX.Sheet.LandSpeed", { n: unitText("Schritt", landSpeed(speed, true)) })} · ${i18n.format("FLEX.Sheet.SwimSpeed", { n: unitText("Schritt", swimSpeed(speed, true)) })}`;
}

/** What the preview shows of a row; `kind` is the row's kind in words, `schools` the talents' names in the world's language. */
export function previewOf(row: BrowseRow, kind: string, schools: ReadonlyMap<string, string>): Preview {
  const i18n = game.i18n!;
  const facts: Fact[] = [];
  const tags: string[] = [];
  const fact = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== "") facts.push({ label: i18n.localize(label), value: String(value) });
  };
  const tag = (when: boolean, label: string) => when && tags.push(i18n.localize(label));
  const money = (v: number | null) => (v === null ? null : `${v} ${currencyLabel()}`);
  if (row.tab === "creatures") {
    fact("FLEX.Browser.Filter.stufe", row.stufe === null ? null : stufeText(row.stufe));
    fact("FLEX.Browser.Filter.leben", row.leben);
    fact("FLEX.Browser.Filter.ruestung", row.ruestung);
    // G-3: the defences every attack on it is rolled against (R-CORE-11) and its speed.
    fact("FLEX.Actor.creature.FIELDS.ausweichen.label", row.ausweichen);
    fact("FLEX.Actor.creature.FIELDS.parade.label", row.parade);
    fact("FLEX.Browser.Preview.speed", row.geschwindigkeit === null ? null : speedText(row.geschwindigkeit, row.nurImWasser));
    fact("FLEX.Actor.creature.FIELDS.misstrauen.label", row.misstrauen);
    if (row.family) fact("FLEX.Browser.Filter.familie", row.family);
    // R-SHORT-4: what one hit deals within 2 actions; the attacks themselves are listed below, each with its check.
    if (row.attack) fact("FLEX.Browser.Preview.hit", row.attack.hit ? localDice(row.attack.hit) : null);
    for (const id of ["schwimmt", "nurImWasser", "fliegt", "trainierbar", "reitbar"] as const) tag(row[id], `FLEX.Actor.creature.FIELDS.${id}.label`);
  } else if (row.tab === "items") {
    fact("FLEX.Browser.Filter.preis", money(row.preis));
    if (row.schule) fact(row.type === "spell" ? "FLEX.Browser.Preview.zauberschule" : "FLEX.Browser.Preview.kampfart", schools.get(row.schule) ?? row.schule);
    if (row.type === "weapon" || row.type === "spell") {
      fact("FLEX.Browser.Filter.reichweite", row.reichweite ? unitText("Schritt", row.reichweite) : i18n.localize(row.type === "spell" ? "FLEX.Browser.Preview.touch" : "FLEX.Browser.Preview.melee"));
      fact("FLEX.Browser.Filter.aktionen", row.aktionen);
    }
    fact("FLEX.Browser.Column.schaden", row.schaden ? localDice(row.schaden) : null);
    if (row.type === "armor") fact("FLEX.Browser.Filter.ruestung", row.wert);
    if (row.type === "alchemical") fact("FLEX.Browser.Filter.stufe", row.stufe === null ? null : stufeText(row.stufe));
    if (row.type === "spell") fact("FLEX.Browser.Preview.fluss", row.wert);
    tag(row.still, "FLEX.Item.spell.FIELDS.still.label");
    tag(row.verbrauchbar, "FLEX.Browser.Filter.verbrauchbar");
    tag(row.ladungen, "FLEX.Browser.Filter.ladungen");
  } else if (row.tab === "talents") {
    fact("FLEX.Browser.Filter.attribut", row.attribut ? i18n.localize(`FLEX.Attribute.${row.attribut}.long`) : null);
  } else {
    fact("FLEX.Browser.Filter.restType", row.restTypes.map((t) => i18n.localize(`FLEX.Rest.Type.${t}`)).join(", "));
    fact("FLEX.Browser.Filter.kosten", row.restKind === "downtime" ? priceText(row) : money(row.kosten));
    // G-5: how long it takes decides whether it fits the rest (the rules' table, as the rest dialog lists it).
    const activity = row.restKind === "downtime" && row.restTypes[0] ? downtimeActivities(row.restTypes[0])[row.restId] : undefined;
    if (activity) fact("FLEX.Rest.Answer.DowntimeHead.days", downtimeDaysText(activity));
  }
  const talentKey = row.restKind === "talent" ? `FLEX.Rest.Talent.${row.restId}.effect` : "";
  const effect = row.restKind === "downtime" ? downtimeEffect(row.restTypes[0], row.restId, currencyLabel()) : talentKey && i18n.has(talentKey) ? i18n.localize(talentKey) : null;
  const attacks = row.attacks.map((a) => [a.name, a.check ? localDice(a.check) : "", a.damage ? localDice(a.damage) : "", unitText("Aktion", a.actions)].filter(Boolean).join(" · "));
  const passives = row.passives.join(", ");
  return { uuid: row.uuid, name: row.name, german: row.german !== row.name ? row.german : null, img: row.img, source: row.source, kind, facts, tags, effect, attacks, passives };
}
