// Journal entries and macros of the system's packs (the rules journal, the macros) are shown in the world's
// language like its actors and items: the same translation on construction (helpers/pack-i18n.ts), and the same refusal
// to write a translated document back.
import { noteTranslated, packTranslatedArgs } from "../helpers/pack-i18n";
import { refusedTranslatedWrite } from "../helpers/packs";

export class FlexJournalEntry extends JournalEntry {
  constructor(...args: ConstructorParameters<typeof JournalEntry>) {
    super(...packTranslatedArgs(args));
    noteTranslated(this, args);
  }

  /** Built translated from a pack, it is never written back into the German pack (helpers/packs.ts). */
  override async update(...args: Parameters<JournalEntry["update"]>) {
    if (refusedTranslatedWrite(this)) return undefined;
    return super.update(...args);
  }
}

export class FlexMacro<out SubType extends Macro.SubType = Macro.SubType> extends Macro<SubType> {
  constructor(...args: ConstructorParameters<typeof Macro>) {
    super(...packTranslatedArgs(args));
    noteTranslated(this, args);
  }

  /** Built translated from a pack, it is never written back into the German pack (helpers/packs.ts). */
  override async update(...args: Parameters<Macro["update"]>) {
    if (refusedTranslatedWrite(this)) return undefined;
    return super.update(...args);
  }
}
