export interface SectionHeadingProps {
  id: string;
  title: string;
  eyebrow?: string;
  text?: string;
  align?: "center" | "start";
}

/** The heading block of a page section (h2, with an optional eyebrow and intro line). */
export function SectionHeading({
  id,
  title,
  eyebrow,
  text,
  align = "center",
}: SectionHeadingProps) {
  return (
    <div
      className={align === "start" ? "section-heading section-heading--start" : "section-heading"}
    >
      {eyebrow ? <p className="section-heading__eyebrow">{eyebrow}</p> : null}
      <h2 className="section-heading__title" id={id}>
        {title}
      </h2>
      {text ? <p className="section-heading__text">{text}</p> : null}
    </div>
  );
}
