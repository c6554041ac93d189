/**
 * The app's router (src/router.tsx) as a person meets it: the page an address opens, links that move without a page
 * load, the back button, and the staff menu saying where one is.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '../../src/router';

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

const where = () => screen.getByLabelText('where').textContent;

function Application() {
  return <h1>Application {useParams().id}</h1>;
}

function Staff() {
  return (
    <Routes>
      <Route index element={<h1>Queue</h1>} />
      <Route path="applications/:id" element={<Application />} />
      <Route path="team" element={<h1>Team</h1>} />
      <Route path="*" element={<h1>No such staff page</h1>} />
    </Routes>
  );
}

function Site() {
  return (
    <Routes>
      <Route path="*" element={<h1>You are lost</h1>} />
      <Route path="/apply/*" element={<h1>The wizard</h1>} />
      <Route path="/apply/waitlist" element={<h1>Waitlist</h1>} />
      <Route path="/staff/*" element={<Staff />} />
    </Routes>
  );
}

const opened = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Site />
    </MemoryRouter>,
  );

describe('the router', () => {
  it.each([
    ['/apply', 'The wizard'],
    ['/apply/biodata', 'The wizard'],
    // The most specific route wins wherever it stands among the others.
    ['/apply/waitlist', 'Waitlist'],
    ['/Apply/Waitlist/', 'Waitlist'],
    ['/staff', 'Queue'],
    ['/staff/', 'Queue'],
    ['/staff/team', 'Team'],
    ['/staff/applications/42', 'Application 42'],
    ['/staff/nothing', 'No such staff page'],
    ['/nowhere', 'You are lost'],
  ])('opens %s on the page "%s"', (path, heading) => {
    opened(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
  });

  it('moves to a link without a page load, and leaves a press with a modifier key to the browser', async () => {
    render(
      <MemoryRouter initialEntries={['/staff']}>
        <Link to="/staff/team">Team</Link>
        <Link to={{ search: '?status=new' }}>New ones</Link>
        <Where />
      </MemoryRouter>,
    );
    const team = screen.getByRole('link', { name: 'Team' });
    expect(team.getAttribute('href')).toBe('/staff/team');
    expect(screen.getByRole('link', { name: 'New ones' }).getAttribute('href')).toBe('/staff?status=new');
    // A new tab: the browser's own, so the link does nothing here.
    expect(fireEvent.click(team, { ctrlKey: true })).toBe(true);
    expect(where()).toBe('/staff');
    await userEvent.click(screen.getByRole('link', { name: 'New ones' }));
    expect(where()).toBe('/staff?status=new');
    await userEvent.click(team);
    expect(where()).toBe('/staff/team');
  });

  it('carries state with a navigation, and replaces the query of this page', async () => {
    function Carried() {
      const navigate = useNavigate();
      const [params, setParams] = useSearchParams();
      const { state } = useLocation();
      return (
        <>
          <button onClick={() => navigate('/staff/applications/7', { state: { previous: 6 } })}>Next</button>
          <button onClick={() => setParams({ cohort: '13', q: 'ada lovelace' })}>Filter</button>
          <p>cohort {params.get('cohort') ?? 'none'}</p>
          <p>carried {JSON.stringify(state)}</p>
          <Where />
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/staff?cohort=12']}>
        <Carried />
      </MemoryRouter>,
    );
    expect(screen.getByText('cohort 12')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(where()).toBe('/staff?cohort=13&q=ada+lovelace');
    expect(screen.getByText('cohort 13')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(where()).toBe('/staff/applications/7');
    expect(screen.getByText('carried {"previous":6}')).toBeTruthy();
  });

  it('marks the menu link of the page shown, and only that one', () => {
    render(
      <MemoryRouter initialEntries={['/staff/reports?cohort=13']}>
        <NavLink to="/staff?cohort=13" end>
          Applications
        </NavLink>
        <NavLink to="/staff/reports?cohort=13">Reports</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Applications' }).getAttribute('aria-current')).toBeNull();
  });

  it("follows the browser's back button, and a link to where one is adds no history entry", async () => {
    window.history.replaceState(null, '', '/staff');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <Link to="/staff/team">Team</Link>
        <Where />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Team' }));
    expect(window.location.pathname).toBe('/staff/team');
    expect(window.history.length).toBe(before + 1);
    await userEvent.click(screen.getByRole('link', { name: 'Team' }));
    expect(window.history.length).toBe(before + 1);
    act(() => {
      window.history.replaceState(null, '', '/staff');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/staff');
  });
});
