import { reasons } from '../../content/programme';

/** 'Why you should apply' (id `services`, labelled 'Why Apply' in the header): four cards. */
export function WhyApply() {
  return (
    <section id="services" className="section why" aria-labelledby="services-title">
      <div className="container">
        <p className="eyebrow">Why apply</p>
        <h2 id="services-title">Why you should apply</h2>
        <ul className="card-grid">
          {reasons.map((card) => (
            <li key={card.title} className="card why-card">
              <h3>{card.title}</h3>
              <p>{card.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
