// R-POLY-2 / R-POLY-3: while the character is in a form, the effects its own abilities carry (talents,
// spells, attacks, path benefits) are suppressed; those of its equipment (the passive benefits of magic
// items) keep working, as do the form's and the actor's own. Core asks every effect `isSuppressed`.
import { polyEffectWorks } from "../../rules";
import { itemRoleOf } from "./snapshot";

export class PolymorphAwareEffect<out SubType extends ActiveEffect.SubType = ActiveEffect.SubType> extends ActiveEffect<SubType> {
  override get isSuppressed(): boolean {
    if (super.isSuppressed) return true;
    const parent = this.parent as { documentName?: string } | null;
    if (parent?.documentName !== "Item") return false;
    return !polyEffectWorks(itemRoleOf(parent as Item.Implementation)).works;
  }
}
