import { useRef } from "react";
import type { ApiCard as ApiCardData, CollectionSummary } from "../../core/catalog/catalog.types";
import { useTranslation } from "../i18n/use-translation";
import { ApiCard } from "./api-card";
import { ChevronIcon } from "./icons";
import { ButtonLink } from "./ui/button";

/** One hub row: a collection's APIs in a horizontally scrolling, snap-aligned strip. */
export function CollectionCarousel(props: { collection: CollectionSummary; apis: ApiCardData[] }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const headingId = `carousel-${props.collection.slug}`;

  function scroll(direction: 1 | -1) {
    const el = strip.current;
    if (!el) return;
    // In RTL the strip scrolls towards negative offsets, so "forward" flips.
    const rtl = getComputedStyle(el).direction === "rtl";
    el.scrollBy({ left: direction * (rtl ? -1 : 1) * el.clientWidth * 0.9, behavior: "smooth" });
  }

  return (
    <section aria-labelledby={headingId} data-testid="collection-carousel" className="flex flex-col gap-4">
      <div className="flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} dir="auto" className="text-start text-xl font-bold tracking-tight">
            {props.collection.name}
          </h2>
          {props.collection.description && (
            <p dir="auto" className="mt-1 line-clamp-1 rtl:text-right text-sm text-slate-600 dark:text-slate-400">
              {props.collection.description}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <ButtonLink
            to={`/collection/${props.collection.slug}`}
            variant="ghost"
            size="custom"
            className="rounded-lg px-2 py-1 text-sm"
          >
            {t("common.viewAll")}
          </ButtonLink>
          <button
            type="button"
            onClick={() => scroll(-1)}
            data-carousel-step="-1"
            aria-label={t("hub.scrollBack")}
            className="carousel-arrow"
          >
            <ChevronIcon className="size-4 rotate-180 rtl:rotate-0" />
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            data-carousel-step="1"
            aria-label={t("hub.scrollForward")}
            className="carousel-arrow"
          >
            <ChevronIcon className="size-4 rtl:rotate-180" />
          </button>
        </div>
      </div>
      <ul
        ref={strip}
        data-carousel-strip=""
        className="no-scrollbar -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-3 sm:-mx-6 sm:scroll-px-6 sm:px-6"
      >
        {props.apis.map((api) => (
          <li key={api.id} className="carousel-item">
            <ApiCard api={api} />
          </li>
        ))}
      </ul>
    </section>
  );
}
