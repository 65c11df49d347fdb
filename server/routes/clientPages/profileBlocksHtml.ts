import type { ProfilePageResponse } from "../../../core/api/profile";
import type { PageEventType, PagePerson, PublicBlock } from "../../../core/pages/blockKinds";
import { type SocialLink, socialLinksOf } from "../../../core/pages/socialLinks";
import { blockImageSizes, srcsetOf } from "../../../core/uploads/imageSources";
import type { Translate } from "./clientCatalogs";
import { avatarsHtml, escapeHtml, pageMainHtml, userText } from "./firstMonthHtml";

/** Blocks this early in reading order are taken as above the fold (PageBlocks' EAGER_BLOCKS). */
const EAGER_BLOCKS = 2;

const card = "h-full rounded-xl border border-gray-200 bg-white p-4";

/** UserText with an element around it: the element keeps the page's alignment. */
const textIn = (tag: string, className: string, text: string) =>
  `<${tag} class="${className}">${userText(text)}</${tag}>`;

/**
 * The profile page's first screen as the client draws it (ProfilePage, PageBlocks, SocialLinks:
 * the same elements and classes, so the client's first render replaces it where it stands): the
 * host's avatar, name, welcome and socials, then their page's blocks, or their event types as
 * cards when they never built one. Every link is a plain link: the page works without scripts.
 */
export function profileBlocksHtml(
  data: ProfilePageResponse,
  t: Translate,
  durationText: (minutes: number) => string,
): string {
  const { page } = data;
  const socials = socialLinksOf(page.socials);
  const header =
    `<header class="flex flex-col items-center gap-3 text-center">` +
    avatarsHtml([{ name: page.name, avatarUrl: page.avatarUrl }], "lg") +
    textIn("h1", "text-2xl font-bold text-gray-900", page.name) +
    (page.welcomeMessage
      ? textIn(
          "p",
          "max-w-prose whitespace-pre-line break-words text-gray-700",
          page.welcomeMessage,
        )
      : "") +
    (socials.length > 0 ? socialLinksHtml(socials, t) : "") +
    `</header>`;
  let body: string;
  if (page.blocks !== null) body = blocksHtml(page.blocks, t, durationText);
  else if (page.eventTypes.length === 0) {
    body = `<p class="text-center text-gray-600">${escapeHtml(t("profile.noEventTypes"))}</p>`;
  } else {
    const cards = page.eventTypes.map(
      (type) =>
        `<li>${eventCardHtml(
          type,
          type.durations.length > 1
            ? type.durations.map(durationText).join(" · ")
            : durationText(type.duration),
          "flex h-full flex-col gap-2 rounded-xl border border-gray-200 border-t-4 border-t-brand-600 p-5 hover:border-brand-600 hover:shadow-sm",
        )}</li>`,
    );
    body = `<ul class="grid gap-4 sm:grid-cols-2" aria-label="${escapeHtml(t("profile.eventTypes"))}">${cards.join("")}</ul>`;
  }
  const width = page.blocks !== null ? "max-w-4xl" : "max-w-3xl";
  return pageMainHtml(
    `<div class="mx-auto flex w-full ${width} flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-10">${header}${body}</div>`,
  );
}

function socialLinksHtml(links: readonly SocialLink[], t: Translate): string {
  const items = links.map(
    (link) =>
      `<li><a href="${escapeHtml(link.url)}" target="_blank" rel="noopener noreferrer nofollow" class="inline-flex min-h-11 items-center rounded-full border border-gray-300 bg-white px-4 font-semibold text-gray-900 hover:border-brand-600">${escapeHtml(t(`profile.networks.${link.network}`))}</a></li>`,
  );
  return `<ul class="flex flex-wrap justify-center gap-2" aria-label="${escapeHtml(t("profile.blocks.socials"))}">${items.join("")}</ul>`;
}

function eventCardHtml(
  type: Pick<PageEventType, "path" | "title" | "description">,
  duration: string,
  className: string,
): string {
  return (
    `<a href="${escapeHtml(type.path)}" class="${className}">` +
    textIn("span", "text-lg font-bold text-gray-900", type.title) +
    `<span class="text-sm text-gray-700">${escapeHtml(duration)}</span>` +
    (type.description
      ? textIn("span", "line-clamp-3 text-sm text-gray-600", type.description)
      : "") +
    `</a>`
  );
}

function personLineHtml(person: PagePerson, link: boolean): string {
  const name = textIn("span", "font-bold text-gray-900", person.name);
  return (
    `<div class="flex items-center gap-3">${avatarsHtml([person])}` +
    (link
      ? `<a href="/${escapeHtml(encodeURIComponent(person.username))}" class="underline">${name}</a>`
      : name) +
    `</div>`
  );
}

/** PageBlocks: the blocks on their grid, background blocks left out (they colour the page). */
function blocksHtml(
  blocks: readonly PublicBlock[],
  t: Translate,
  durationText: (minutes: number) => string,
): string {
  const sections = blocks
    .filter((block) => block.kind !== "background")
    .map((block, index) => {
      const { x, y, w, h } = block.layout;
      // Numbers only: nothing here can break out of the attribute.
      const place = `--block-column: ${x + 1} / span ${w}; --block-row: ${y + 1} / span ${h};`;
      return `<section style="${place}" data-block="${block.kind}" class="min-w-0 sm:[grid-column:var(--block-column)] sm:[grid-row:var(--block-row)]">${blockHtml(block, index < EAGER_BLOCKS, t, durationText)}</section>`;
    });
  return `<div class="grid grid-cols-1 gap-4 sm:auto-rows-[minmax(3.5rem,auto)] sm:grid-cols-4">${sections.join("")}</div>`;
}

function blockHtml(
  block: PublicBlock,
  eager: boolean,
  t: Translate,
  durationText: (minutes: number) => string,
): string {
  switch (block.kind) {
    case "headline":
      return textIn("h2", "break-words text-2xl font-bold text-gray-900", block.text);
    case "note":
      // Sanitised on the server (core/pages/sanitizeNote.ts): formatting and http links only.
      return `<div dir="auto" class="page-note h-full break-words text-gray-800">${block.html}</div>`;
    case "media": {
      if (block.mediaKind === "video") {
        const label = block.alt ? ` aria-label="${escapeHtml(block.alt)}"` : "";
        return `<video src="${escapeHtml(block.url)}"${label} controls="" preload="none" class="h-full max-h-[36rem] w-full rounded-xl bg-black"></video>`;
      }
      const sources =
        block.sources.length > 0
          ? ` srcset="${escapeHtml(srcsetOf(block.sources))}" sizes="${escapeHtml(blockImageSizes(block.layout.w))}"`
          : "";
      const width = block.width !== null ? ` width="${block.width}"` : "";
      const height = block.height !== null ? ` height="${block.height}"` : "";
      return `<img src="${escapeHtml(block.url)}"${sources}${width}${height} alt="${escapeHtml(block.alt)}" loading="${eager ? "eager" : "lazy"}" decoding="async" class="h-full max-h-[36rem] w-full rounded-xl object-cover">`;
    }
    case "divider":
      return `<hr class="my-2 border-gray-300">`;
    case "background":
      return "";
    case "event":
      return eventCardHtml(
        block.eventType,
        durationText(block.eventType.duration),
        "flex h-full flex-col gap-2 rounded-xl border border-gray-200 border-t-4 border-t-brand-600 bg-white p-5 hover:border-brand-600 hover:shadow-sm",
      );
    case "member": {
      const links = block.eventTypes.map(
        (type) =>
          `<li><a href="${escapeHtml(type.path)}" class="text-brand-700 underline">${userText(type.title)}</a></li>`,
      );
      return (
        `<div class="${card} flex flex-col gap-3">${personLineHtml(block.person, false)}` +
        (links.length > 0 ? `<ul class="flex flex-col gap-1">${links.join("")}</ul>` : "") +
        `</div>`
      );
    }
    case "users":
      return `<ul class="${card} flex flex-col gap-3" aria-label="${escapeHtml(t("profile.blocks.people"))}">${block.people
        .map((person) => `<li>${personLineHtml(person, true)}</li>`)
        .join("")}</ul>`;
    case "teams":
      return `<ul class="${card} flex flex-col gap-2" aria-label="${escapeHtml(t("profile.blocks.teams"))}">${block.teams
        .map(
          (team) =>
            `<li><a href="/${escapeHtml(encodeURIComponent(team.slug))}" class="text-brand-700 underline">${userText(team.name)}</a></li>`,
        )
        .join("")}</ul>`;
    case "socials":
      return socialLinksHtml(block.links, t);
  }
}
