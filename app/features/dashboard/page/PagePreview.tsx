import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PageEditResponse } from "../../../../core/api/pages";
import { Button } from "../../../components/Button";
import { UserText } from "../../../components/UserText";
import { HostAvatars } from "../../booking/HostAvatars";
import { PageBlocks } from "../../profile/PageBlocks";
import { SocialLinks, socialLinksOf } from "../../profile/SocialLinks";
import { type EditorBlock, previewBlocks } from "./editorBlocks";

interface PagePreviewProps {
  data: PageEditResponse;
  blocks: readonly EditorBlock[];
  welcome: string;
}

/** The page as it will look, at phone or desktop width, from the blocks on the screen. */
export function PagePreview({ data, blocks, welcome }: PagePreviewProps) {
  const { t } = useTranslation();
  const { page, options } = data;
  const [width, setWidth] = useState<"phone" | "desktop">("desktop");
  const preview = useMemo(() => previewBlocks(blocks, options), [blocks, options]);
  // The saved links: one typed but not yet checked by the server is not made a link.
  const savedSocials = socialLinksOf(page.socials);
  const previewWelcome = welcome.trim();
  const background =
    (!page.colorsLocked && preview.find((block) => block.kind === "background")?.color) ||
    page.backgroundColor ||
    "F2F4F7";

  return (
    <section aria-labelledby="page-preview-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="page-preview-heading" className="text-xl font-bold text-gray-900">
          {t("dashboard.page.preview")}
        </h2>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("dashboard.page.previewWidth")}</legend>
          {(["phone", "desktop"] as const).map((value) => (
            <Button
              key={value}
              variant={width === value ? "primary" : "secondary"}
              size="compact"
              aria-pressed={width === value}
              onClick={() => setWidth(value)}
            >
              {t(`dashboard.page.${value}`)}
            </Button>
          ))}
        </fieldset>
      </div>
      <div
        className="overflow-x-auto rounded-2xl p-4"
        style={{ backgroundColor: `#${background}` }}
        data-testid="page-preview"
      >
        <div
          className="mx-auto flex flex-col gap-6 rounded-2xl bg-white p-5"
          style={{ maxWidth: width === "phone" ? 375 : 1024 }}
        >
          <header className="flex flex-col items-center gap-2 text-center">
            <HostAvatars
              size="lg"
              hosts={[{ name: page.name, username: page.slug, avatarUrl: page.avatarUrl }]}
            />
            <p className="text-xl font-bold text-gray-900">{page.name}</p>
            {previewWelcome ? (
              <UserText
                as="p"
                className="max-w-prose whitespace-pre-line break-words text-gray-700"
              >
                {previewWelcome}
              </UserText>
            ) : null}
            {savedSocials.length > 0 ? <SocialLinks links={savedSocials} /> : null}
          </header>
          <PageBlocks blocks={preview} narrow={width === "phone"} />
        </div>
      </div>
    </section>
  );
}
