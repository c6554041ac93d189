import { useState } from 'react';
import { faq } from '../../content/faq';
import { ChevronIcon } from '../components/Icons';
import { useCohort } from '../useCohort';
import { useLandingWords } from '../useLandingWords';

/** The FAQ accordion (its words an admin's: decision 246): one answer open at a time; clicking the open question closes it. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const entries = faq(useCohort(), useLandingWords());
  return (
    <section id="faq" className="section faq" aria-labelledby="faq-title">
      <div className="container faq-inner">
        <p className="eyebrow">FAQ</p>
        <h2 id="faq-title">Frequently asked questions</h2>
        <div className="faq-list">
          {entries.map((entry, i) => (
            // By place: an admin's words may repeat a question (decision 246).
            <div key={i} className="faq-item" data-open={open === i}>
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
