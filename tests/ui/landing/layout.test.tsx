import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  facultyPerView,
  keyInfoRowHeight,
  partnersPerView,
  testimonialCardWidth,
  testimonialsPerView,
  timelineLine,
  usesMobileHeader,
} from '../../../src/landing/layout';
import { Curriculum } from '../../../src/landing/sections/Curriculum';
import { Faculty } from '../../../src/landing/sections/Faculty';
import { KeyInformation } from '../../../src/landing/sections/KeyInformation';
import { Testimonials } from '../../../src/landing/sections/Testimonials';
import { setViewportWidth } from './helpers';

// [width, faculty per view, testimonials per view, card width, timeline line, key info row height, mobile header]
const table = [
  [479, 1, 1, '100%', 'vertical', 1370, true],
  [480, 1, 1, '100%', 'vertical', 1370, true],
  [599, 2, 1, '100%', 'vertical', 1370, true],
  [600, 4, 1, '100%', 'vertical', 1370, true],
  [767, 4, 2, '16rem', 'vertical', 1370, true],
  [768, 4, 2, '16rem', 'vertical', 560, true],
  [1023, 4, 2, '16rem', 'vertical', 560, true],
  [1024, 4, 2, '16rem', 'straight', 560, false],
  [1079, 4, 3, '20rem', 'straight', 560, false],
  [1080, 4, 3, '20rem', 'curvy', 560, false],
] as const;

describe('width-dependent layout', () => {
  afterEach(() => setViewportWidth(1024));

  it.each(table)(
    'at %i px the rules choose as the spec says',
    (width, faculty, testimonials, card, line, row, mobile) => {
      expect(facultyPerView(width)).toBe(faculty);
      expect(testimonialsPerView(width)).toBe(testimonials);
      expect(testimonialCardWidth(width)).toBe(card);
      expect(timelineLine(width)).toBe(line);
      expect(keyInfoRowHeight(width)).toBe(row);
      expect(usesMobileHeader(width)).toBe(mobile);
      expect(partnersPerView(width)).toBe(width <= 480 ? 2 : width < 768 ? 3 : 5);
    },
  );

  it.each(table)(
    'at %i px the rendered sections follow those choices',
    (width, faculty, testimonials, card, line, row) => {
      setViewportWidth(width);
      render(
        <>
          <KeyInformation />
          <Curriculum />
          <Faculty />
          <Testimonials />
        </>,
      );
      expect((document.querySelector('.keyinfo-row') as HTMLElement).style.minHeight).toBe(`${row}px`);

      const lines = [...document.querySelectorAll('.timeline-line')].map((svg) =>
        svg.getAttribute('data-line'),
      );
      expect(lines).toEqual([line]);

      const facultyTracks = document.querySelectorAll<HTMLElement>('#faculty .slider-track');
      expect(facultyTracks).toHaveLength(2);
      for (const track of facultyTracks)
        expect(track.style.getPropertyValue('--per-view')).toBe(String(faculty));

      const testimonialTrack = document.querySelector<HTMLElement>('#testimonial .slider-track')!;
      expect(testimonialTrack.style.getPropertyValue('--per-view')).toBe(String(testimonials));
      expect(testimonialTrack.style.getPropertyValue('--card-w')).toBe(card);
    },
  );

  it('follows the window when it is resized', () => {
    setViewportWidth(1200);
    render(<Curriculum />);
    expect(document.querySelector('.timeline-line')!.getAttribute('data-line')).toBe('curvy');
    setViewportWidth(1050);
    expect(document.querySelector('.timeline-line')!.getAttribute('data-line')).toBe('straight');
    setViewportWidth(700);
    expect(document.querySelector('.timeline-line')!.getAttribute('data-line')).toBe('vertical');
  });
});
