import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { testimonials, type Testimonial } from '../../content/testimonials';
import { Slider } from '../components/Slider';
import { testimonialCardWidth, testimonialsPerView } from '../layout';

/** A card shows the preview; hovering it or focusing it (keyboard, tap) shows the full text until left. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const [expanded, setExpanded] = useState(false);
  const nameId = useId();
  const cardRef = useRef<HTMLElement>(null);
  // Hydrated as it comes near the screen (decision 018): a card already focused or hovered by then shows its text.
  useEffect(() => {
    if (cardRef.current?.matches(':focus, :hover')) setExpanded(true);
  }, []);
  return (
    <figure
      ref={cardRef}
      className="t-card"
      tabIndex={0}
      aria-labelledby={nameId}
      data-expanded={expanded}
      onMouseEnter={() => setExpanded(true)}
      onMouseLeave={() => setExpanded(false)}
      onFocus={() => setExpanded(true)}
      onBlur={() => setExpanded(false)}
    >
      <blockquote>
        <p>{expanded ? testimonial.text : testimonial.preview}</p>
      </blockquote>
      {!expanded && (
        <p className="t-more" aria-hidden="true">
          Read more
        </p>
      )}
      <figcaption>
        <img src={testimonial.avatar} alt="" width={48} height={48} loading="lazy" decoding="async" />
        <span>
          <strong id={nameId}>{testimonial.name}</strong>
          <br />
          {testimonial.cohort}
        </span>
      </figcaption>
    </figure>
  );
}

const cardWidth = (width: number) => ({ '--card-w': testimonialCardWidth(width) }) as CSSProperties;

/** Six participants; 3, 2 or 1 per view (layout.ts); autoplay every 2000 ms. */
export function Testimonials() {
  return (
    <section id="testimonial" className="section testimonials" aria-labelledby="testimonial-title">
      <div className="container">
        <p className="eyebrow">Testimonials</p>
        <h2 id="testimonial-title">What our graduates say</h2>
        <Slider
          label="Testimonials"
          className="testimonial-slider"
          items={testimonials}
          itemKey={(t) => t.name}
          renderItem={(t) => <TestimonialCard testimonial={t} />}
          perView={testimonialsPerView}
          autoplayMs={2000}
          trackStyle={cardWidth}
        />
      </div>
    </section>
  );
}
