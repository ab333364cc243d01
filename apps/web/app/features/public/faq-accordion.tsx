import { useId, useState } from "react";
import type { FaqItem } from "../../content/faq.ts";

/**
 * The FAQ of spec §2: one item open at a time, and clicking the open item closes it. Closed answers
 * stay in the server-rendered HTML (hidden), so search engines and find-in-page still see them.
 */
export function FaqAccordion({ items, headingLevel }: { items: readonly FaqItem[]; headingLevel: 2 | 3 }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="faq">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div className={`faq-item${open ? " open" : ""}`} key={item.title}>
            <Heading className="faq-question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                <span>{item.title}</span>
                <span className="faq-icon" aria-hidden="true" />
              </button>
            </Heading>
            <section id={panelId} aria-labelledby={buttonId} className="faq-answer" hidden={!open}>
              <p>{item.description}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
