// Journal entries and macros of the system's packs (the rules journal, the macros) are shown in the world's
// language like its actors and items: the same translation on construction (helpers/pack-i18n.ts).
import { packTranslatedArgs } from "../helpers/pack-i18n";

export class FlexJournalEntry extends JournalEntry {
  constructor(...args: ConstructorParameters<typeof JournalEntry>) {
    super(...packTranslatedArgs(args));
  }
}

export class FlexMacro<out SubType extends Macro.SubType = Macro.SubType> extends Macro<SubType> {
  constructor(...args: ConstructorParameters<typeof Macro>) {
    super(...packTranslatedArgs(args));
  }
}
