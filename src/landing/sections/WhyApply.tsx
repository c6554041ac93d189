import { reasons } from '../../content/programme';
import { CardGrid } from '../components/CardGrid';

/** 'Why you should apply' (id `services`, labelled 'Why Apply' in the header): four cards. */
export function WhyApply() {
  return (
    <section id="services" className="section why" aria-labelledby="services-title">
      <div className="container">
        <p className="eyebrow">Why apply</p>
        <h2 id="services-title">Why you should apply</h2>
        <CardGrid cards={reasons} kind="why-card" />
      </div>
    </section>
  );
}
