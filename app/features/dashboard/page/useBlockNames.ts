import { useTranslation } from "react-i18next";
import type { BlockKind } from "../../../../core/pages/blockKinds";
import type { EditorBlock } from "./editorBlocks";

/** How the builder names blocks to people: 'Headline 2' is the headline in second place. */
export function useBlockNames(blocks: readonly EditorBlock[]) {
  const { t } = useTranslation();
  const kindName = (kind: BlockKind) => t(`dashboard.page.kinds.${kind}`);
  const positionOf = (id: string | number) => blocks.findIndex((block) => block.id === id) + 1;
  const nameOf = (id: string | number) => {
    const position = positionOf(id);
    const block = blocks[position - 1];
    return block ? t("dashboard.page.blockName", { kind: kindName(block.kind), position }) : "";
  };
  return { kindName, nameOf, positionOf };
}
