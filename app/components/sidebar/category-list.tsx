import { useId } from "react";
import { useRecords } from "../../store/records.ts";
import { InertLink } from "../frame/inert-link.tsx";

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
              {/* SPEC §2: category links do nothing. */}
              <InertLink className="category-list__link">
                <span className="category-list__title">{entry.title}</span>
                <span className="category-list__total">{entry.total}</span>
              </InertLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="sidebar-widget__empty">No categories yet.</p>
      )}
    </section>
  );
}
