import { useSelector } from '@xstate/react';
import { NavLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { staffSessionMachine } from '../../machines/staffSession.machine';
import { SiteHeader } from '../components/SiteHeader';
import { BusyButton } from '../components/BusyButton';
import { useChosenCohort } from './CohortPicker';
import { useStaff } from './StaffContext';

type SessionRef = ActorRefFrom<typeof staffSessionMachine>;

/** The skip link, the staff area's navigation, who is signed in, and Sign out. */
export function StaffHeader({ session }: { session: SessionRef }) {
  const { me } = useStaff();
  const signingOut = useSelector(session, (s) => s.hasTag('busy'));
  const message = useSelector(session, (s) => s.context.message);
  // The chosen cohort follows from the queue to the funnel, the reports and the CSV decisions (and back).
  const cohort = useChosenCohort();
  const withCohort = (path: string) => (cohort ? `${path}?cohort=${encodeURIComponent(cohort)}` : path);
  const links = [
    { to: withCohort('/staff'), label: 'Applications', end: true },
    { to: withCohort('/staff/funnel'), label: 'Funnel' },
    { to: withCohort('/staff/reports'), label: 'Reports' },
    { to: '/staff/cohorts', label: 'Cohorts' },
    { to: '/staff/settings', label: 'Bank and support' },
    { to: '/staff/selection-video', label: 'Selection video' },
    { to: '/staff/landing-words', label: 'Landing page words' },
    ...(me.role === 'admin'
      ? [
          { to: withCohort('/staff/decisions-csv'), label: 'Decisions from CSV' },
          { to: '/staff/templates', label: 'Email templates' },
          { to: '/staff/team', label: 'Team' },
          { to: '/staff/audit', label: 'Audit log' },
        ]
      : []),
  ];
  return (
    <>
      <SiteHeader home="/staff" name="Bootcamp staff" className="staff-header">
        <nav aria-label="Staff" className="staff-nav">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="staff-header__me">
          {me.email} ({me.role})
        </span>
        <BusyButton
          type="button"
          className="button button--secondary staff-header__sign-out"
          busy={signingOut}
          onClick={() => session.send({ type: 'SIGN_OUT' })}
        >
          Sign out
        </BusyButton>
      </SiteHeader>
      {message && (
        <p className="alert alert--error staff-header__error" role="alert">
          {message}
        </p>
      )}
    </>
  );
}
