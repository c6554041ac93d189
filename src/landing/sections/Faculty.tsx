import { Fragment } from 'react';
import { assessors, director, facilitators, type FacultyMember } from '../../content/faculty';
import { socialIcon } from '../components/Icons';
import { Slider } from '../components/Slider';
import { facultyPerView } from '../layout';

function MemberCard({ member }: { member: FacultyMember }) {
  return (
    <article className="member">
      <img src={member.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
      <h4 className="member-name">{member.name}</h4>
      <p className="member-title">{member.title}</p>
      <a href={member.url} className="member-link" rel="noopener">
        Profile<span className="sr-only"> of {member.name}</span>
      </a>
    </article>
  );
}

const key = (member: FacultyMember) => member.name;
const card = (member: FacultyMember) => <MemberCard member={member} />;

/** The two sliders under the director, each titled with its label. */
const SLIDERS = [
  ['Facilitators', facilitators],
  ['Assessors', assessors],
] as const;

/** The director, then two carousels: 17 facilitators and 16 assessors (4, 2 or 1 per view, layout.ts). */
export function Faculty() {
  return (
    <section id="faculty" className="section faculty" aria-labelledby="faculty-title">
      <div className="container">
        <p className="eyebrow">Faculty</p>
        <h2 id="faculty-title">Learn from people who hire</h2>
        <article className="director">
          <img src={director.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
          <div>
            <h3>{director.name}</h3>
            <p className="member-title">{director.title}</p>
            {director.biography.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
            <ul className="social">
              {director.social.map((link) => (
                <li key={link.network}>
                  <a href={link.url} rel="noopener" aria-label={`${director.name} on ${link.network}`}>
                    {socialIcon(link.network)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </article>
        {SLIDERS.map(([label, items]) => (
          <Fragment key={label}>
            <h3 className="slider-title">{label}</h3>
            <Slider
              label={label}
              className="faculty-slider"
              items={items}
              itemKey={key}
              renderItem={card}
              perView={facultyPerView}
            />
          </Fragment>
        ))}
      </div>
    </section>
  );
}
