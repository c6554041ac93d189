import { partners } from '../../content/partners';
import { Slider } from '../components/Slider';
import { partnersPerView } from '../layout';

/** Partner logos (id `clients`): five of seven at a time, autoplay every 2000 ms. */
export function Partners() {
  return (
    <section id="clients" className="section partners" aria-labelledby="clients-title">
      <div className="container">
        <h2 id="clients-title">Our partners</h2>
        <Slider
          label="Partners"
          className="partner-slider"
          items={partners}
          itemKey={(p) => p.name}
          renderItem={(p) => (
            <img src={p.logo} alt={p.name} width={200} height={56} loading="lazy" decoding="async" />
          )}
          perView={partnersPerView}
          autoplayMs={2000}
          focusableTrack
        />
      </div>
    </section>
  );
}
