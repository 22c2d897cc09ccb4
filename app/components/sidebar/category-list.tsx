import type { MouseEvent } from "react";
import { useId } from "react";
import { useRecords } from "../../store/records.ts";

/** Category entries lead nowhere (SPEC §2: "links do nothing"). */
function doNothing(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
}

/** The 'Category' widget: each category's title and total from /category/display_counter. */
export function CategoryList() {
  const { category } = useRecords();
  const headingId = useId();
  return (
    <section className="sidebar-widget category-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="sidebar-widget__title">
        Category
      </h2>
      {category.length > 0 ? (
        <ul className="category-list__items">
          {category.map((entry) => (
            <li key={entry.title} className="category-list__item">
              {/* biome-ignore lint/a11y/useValidAnchor: SPEC §2 — category links do nothing. */}
              <a href="#" className="category-list__link" onClick={doNothing}>
                <span className="category-list__title">{entry.title}</span>
                <span className="category-list__total">{entry.total}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="sidebar-widget__empty">No categories yet.</p>
      )}
    </section>
  );
}
