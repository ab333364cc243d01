import type { LegalSection } from "../../content/terms.ts";

/**
 * A legal text with a table of contents. Every section keeps its content id (e.g. "cookies"), so
 * links such as /privacyPolicy#cookies from the footer land on it.
 */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <section className="banner">
        <h1>{title}</h1>
        <p>{intro}</p>
      </section>
      <div className="page legal">
        <nav className="legal-contents" aria-labelledby="legal-contents-heading">
          <h2 id="legal-contents-heading">On this page</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-body">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="legal-section"
            >
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
