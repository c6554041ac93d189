import { ApplyLink } from '../components/ApplyLink';
import { useCohort } from '../useCohort';

/** The closing call to action (id `whatsItGonnaBe`). */
export function ClosingCta() {
  const cohort = useCohort();
  return (
    <section id="whatsItGonnaBe" className="section closing" aria-labelledby="closing-title">
      <div className="container closing-inner">
        <h2 id="closing-title">So, what’s it gonna be?</h2>
        <p>
          Another twelve weeks of applications with no reply, or twelve weeks that end with a decent job?
          Cohort {cohort.number} starts {cohort.start}.
        </p>
        <ApplyLink className="btn btn-primary btn-lg" />
      </div>
    </section>
  );
}
