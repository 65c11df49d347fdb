import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { durationLabel } from "../../core/i18n/durationLabel";
import { usePublicQuery } from "../api/publicQuery";
import { LoadingIndicator } from "../components/LoadingIndicator";
import { UserText } from "../components/UserText";
import { sendPageAnalytics } from "../features/analytics/pageAnalytics";
import { HostAvatars } from "../features/booking/HostAvatars";
import { postToParent } from "../features/embed/embedded";
import { PageBlocks } from "../features/profile/PageBlocks";
import { useShowProfileOf } from "../features/profile/pageProfile";
import { profilePageQuery } from "../features/profile/profilePageApi";
import { SocialLinks, socialLinksOf } from "../features/profile/SocialLinks";
import { useIntlLocale } from "../i18n/useIntlLocale";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Link } from "../router/Link";
import { useParams } from "../router/navigation";
import { FailedQueryPage } from "./FailedQueryPage";

/**
 * `/{username}`: the host's (or team's) avatar, name and welcome message, then the blocks of
 * their page, or their event types as cards when they never built one.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const { username = "" } = useParams();
  const query = usePublicQuery(profilePageQuery(username));
  useShowProfileOf(profilePageQuery(username).key, query.data !== undefined);
  const data = query.data;
  useDocumentTitle(
    query.status === "error"
      ? null
      : data
        ? t("profile.documentTitle", { name: data.page.name })
        : t("common.appName"),
  );

  useEffect(() => {
    if (!data) return;
    postToParent("profile_page_viewed");
    sendPageAnalytics({
      publicId: data.page.slug,
      action: "profile_page_viewed",
      socials: Object.keys(data.page.socials),
    });
  }, [data]);

  if (query.status === "pending") {
    return (
      <div data-page-pending="">
        <LoadingIndicator label={t("common.loading")} />
      </div>
    );
  }
  if (query.status === "error" || !data) {
    return <FailedQueryPage error={query.error} />;
  }
  const { page } = data;
  const socials = socialLinksOf(page.socials);
  const handleBlockClick = (blockId: string) =>
    sendPageAnalytics(
      { publicId: page.slug, action: "component_clicked", componentId: blockId },
      true,
    );

  return (
    <div
      className={`mx-auto flex w-full ${page.blocks !== null ? "max-w-4xl" : "max-w-3xl"} flex-col gap-6 bg-white p-5 shadow-sm sm:rounded-2xl sm:p-10`}
    >
      <header className="flex flex-col items-center gap-3 text-center">
        <HostAvatars
          size="lg"
          hosts={[{ name: page.name, username: page.slug, avatarUrl: page.avatarUrl }]}
        />
        <UserText as="h1" className="text-2xl font-bold text-gray-900">
          {page.name}
        </UserText>
        {page.welcomeMessage ? (
          <UserText as="p" className="max-w-prose whitespace-pre-line break-words text-gray-700">
            {page.welcomeMessage}
          </UserText>
        ) : null}
        {socials.length > 0 ? <SocialLinks links={socials} /> : null}
      </header>
      {page.blocks !== null ? (
        <PageBlocks blocks={page.blocks} onBlockClick={handleBlockClick} />
      ) : page.eventTypes.length === 0 ? (
        <p className="text-center text-gray-600">{t("profile.noEventTypes")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label={t("profile.eventTypes")}>
          {page.eventTypes.map((type) => (
            <li key={type.path}>
              <Link
                to={type.path}
                keepQuery
                className="flex h-full flex-col gap-2 rounded-xl border border-gray-200 border-t-4 border-t-brand-600 p-5 hover:border-brand-600 hover:shadow-sm"
              >
                <UserText as="span" className="text-lg font-bold text-gray-900">
                  {type.title}
                </UserText>
                <span className="text-sm text-gray-700">
                  {type.durations.length > 1
                    ? type.durations.map((minutes) => durationLabel(minutes, t, locale)).join(" · ")
                    : durationLabel(type.duration, t, locale)}
                </span>
                {type.description ? (
                  <UserText as="span" className="line-clamp-3 text-sm text-gray-600">
                    {type.description}
                  </UserText>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
