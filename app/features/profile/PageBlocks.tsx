import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { durationLabel } from "../../../core/i18n/durationLabel";
import type { PageEventType, PagePerson, PublicBlock } from "../../../core/pages/blockKinds";
import { blockImageSizes, srcsetOf } from "../../../core/uploads/imageSources";
import { UserText } from "../../components/UserText";
import { useIntlLocale } from "../../i18n/useIntlLocale";
import { Link } from "../../router/Link";
import { HostAvatars } from "../booking/HostAvatars";
import { SocialLinks } from "./SocialLinks";

interface PageBlocksProps {
  blocks: readonly PublicBlock[];
  /** Called with a block's id when a visitor follows one of its links (insights' clicks). */
  onBlockClick?: (blockId: string) => void;
  /** Forces one column (the editor's phone preview), whatever the window's width. */
  narrow?: boolean;
}

/**
 * A page's blocks on its grid: four columns from 640 px on, one column under it, in reading
 * order. Background blocks colour the page itself and take no cell.
 */
export function PageBlocks({ blocks, onBlockClick, narrow = false }: PageBlocksProps) {
  const shown = blocks.filter((block) => block.kind !== "background");
  return (
    <div
      className={`grid grid-cols-1 gap-4 ${narrow ? "" : "sm:auto-rows-[minmax(3.5rem,auto)] sm:grid-cols-4"}`}
    >
      {shown.map((block, index) => {
        const { x, y, w, h } = block.layout;
        const place = {
          "--block-column": `${x + 1} / span ${w}`,
          "--block-row": `${y + 1} / span ${h}`,
        } as CSSProperties;
        return (
          <section
            key={block.id}
            style={place}
            data-block={block.kind}
            className={`min-w-0 ${narrow ? "" : "sm:[grid-column:var(--block-column)] sm:[grid-row:var(--block-row)]"}`}
            // Clicks bubble here from the block's links only.
            onClickCapture={(event) => {
              if ((event.target as HTMLElement).closest("a")) onBlockClick?.(block.id);
            }}
          >
            <BlockView block={block} eager={index < EAGER_BLOCKS} narrow={narrow} />
          </section>
        );
      })}
    </div>
  );
}

/** Blocks this early in reading order are taken as above the fold: their images load at once. */
const EAGER_BLOCKS = 2;

const card = "h-full rounded-xl border border-gray-200 bg-white p-4";

interface BlockViewProps {
  block: PublicBlock;
  /** Above the fold: its image loads at once, not when scrolled near. */
  eager: boolean;
  narrow: boolean;
}

function BlockView({ block, eager, narrow }: BlockViewProps) {
  const { t } = useTranslation();
  switch (block.kind) {
    case "headline":
      return (
        <UserText as="h2" className="break-words text-2xl font-bold text-gray-900">
          {block.text}
        </UserText>
      );
    case "note":
      return (
        <div
          dir="auto"
          className="page-note h-full break-words text-gray-800"
          // Sanitised on the server (core/pages/sanitizeNote.ts): formatting and http links only.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server keeps only safe tags.
          dangerouslySetInnerHTML={{ __html: block.html }}
        />
      );
    case "media":
      return block.mediaKind === "image" ? (
        // The browser picks the smallest copy that fills the block at the screen's density;
        // width and height reserve the image's shape before it arrives.
        <img
          src={block.url}
          srcSet={block.sources.length > 0 ? srcsetOf(block.sources) : undefined}
          sizes={
            block.sources.length > 0 ? blockImageSizes(narrow ? 4 : block.layout.w) : undefined
          }
          width={block.width ?? undefined}
          height={block.height ?? undefined}
          alt={block.alt}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full max-h-[36rem] w-full rounded-xl object-cover"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: hosts' videos come without captions; alt names it.
        <video
          src={block.url}
          aria-label={block.alt || undefined}
          controls
          preload="none"
          className="h-full max-h-[36rem] w-full rounded-xl bg-black"
        />
      );
    case "divider":
      return <hr className="my-2 border-gray-300" />;
    case "background":
      return null;
    case "event":
      return <EventCard type={block.eventType} />;
    case "member":
      return (
        <div className={`${card} flex flex-col gap-3`}>
          <PersonLine person={block.person} />
          {block.eventTypes.length > 0 ? (
            <ul className="flex flex-col gap-1">
              {block.eventTypes.map((type) => (
                <li key={type.path}>
                  <Link to={type.path} keepQuery className="text-brand-700 underline">
                    <UserText>{type.title}</UserText>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    case "users":
      return (
        <ul className={`${card} flex flex-col gap-3`} aria-label={t("profile.blocks.people")}>
          {block.people.map((person) => (
            <li key={person.username}>
              <PersonLine person={person} link />
            </li>
          ))}
        </ul>
      );
    case "teams":
      return (
        <ul className={`${card} flex flex-col gap-2`} aria-label={t("profile.blocks.teams")}>
          {block.teams.map((team) => (
            <li key={team.slug}>
              <Link to={`/${encodeURIComponent(team.slug)}`} className="text-brand-700 underline">
                <UserText>{team.name}</UserText>
              </Link>
            </li>
          ))}
        </ul>
      );
    case "socials":
      return <SocialLinks links={block.links} />;
  }
}

function EventCard({ type }: { type: PageEventType }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return (
    <Link
      to={type.path}
      keepQuery
      className="flex h-full flex-col gap-2 rounded-xl border border-gray-200 border-t-4 border-t-brand-600 bg-white p-5 hover:border-brand-600 hover:shadow-sm"
    >
      <UserText as="span" className="text-lg font-bold text-gray-900">
        {type.title}
      </UserText>
      <span className="text-sm text-gray-700">{durationLabel(type.duration, t, locale)}</span>
      {type.description ? (
        <UserText as="span" className="line-clamp-3 text-sm text-gray-600">
          {type.description}
        </UserText>
      ) : null}
    </Link>
  );
}

function PersonLine({ person, link = false }: { person: PagePerson; link?: boolean }) {
  const name = (
    <UserText as="span" className="font-bold text-gray-900">
      {person.name}
    </UserText>
  );
  return (
    <div className="flex items-center gap-3">
      <HostAvatars hosts={[person]} />
      {link ? (
        <Link to={`/${encodeURIComponent(person.username)}`} className="underline">
          {name}
        </Link>
      ) : (
        name
      )}
    </div>
  );
}
