// The GM's own record of the cards it acted on (ARCHITECTURE.md, "Cards are claims; the GM keeps its own record"):
// one store for every card type (store.ts), and the table of who owns each fact a card handler reads (facts.ts).
export { cardRecordChanges, cardRecordOf, writeCardRecord } from "./store";
export type { CardKind, CardRecord } from "./store";
