import { useState } from 'react';
import { faq } from '../../content/faq';
import { ChevronIcon } from '../components/Icons';
import { useCohort } from '../useCohort';

/** The FAQ accordion: one answer open at a time; clicking the open question closes it. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const entries = faq(useCohort());
  return (
    <section id="faq" className="section faq" aria-labelledby="faq-title">
      <div className="container faq-inner">
        <p className="eyebrow">FAQ</p>
        <h2 id="faq-title">Frequently asked questions</h2>
        <div className="faq-list">
          {entries.map((entry, i) => (
            <div key={entry.question} className="faq-item" data-open={open === i}>
              <h3>
                <button
                  type="button"
                  id={`faq-q-${i}`}
                  aria-expanded={open === i}
                  aria-controls={`faq-a-${i}`}
                  onClick={() => setOpen((current) => (current === i ? null : i))}
                >
                  <span>{entry.question}</span>
                  <ChevronIcon />
                </button>
              </h3>
              <div id={`faq-a-${i}`} className="faq-answer" hidden={open !== i}>
                <p>{entry.answer}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
