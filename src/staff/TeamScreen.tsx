/**
 * The team (/staff/team, admins): who may sign in, in which role; add a member, remove one. The admins named in
 * STAFF_EMAILS are managed there: the screen says so in place of Remove.
 */
import { useState } from 'react';
import { STAFF_MESSAGES } from '../../machines/rules/staff/messages';
import { STAFF_ROLES, type StaffRole } from '../../machines/rules/staff/roles';
import { BusyButton } from '../components/BusyButton';
import { SelectField, TextField, useFieldState } from '../components/Fields';
import type { TeamMember } from './api';
import { useStaff, useStaffDates } from './StaffContext';
import { PageTitle } from './PageTitle';
import { Form } from '../components/Form';
import { Button } from '../components/Button';
import { TableHead } from './TableHead';
import { ResourceStatus } from './ResourceStatus';
import { useResource } from './useResource';

type TeamChange = { kind: 'add'; email: string; role: string } | { kind: 'remove'; id: number };

export function TeamScreen() {
  const { api, me } = useStaff();
  const dates = useStaffDates();
  const { actor, view } = useResource<TeamMember[], TeamChange>(
    () => api.team(),
    async (change) => {
      if (change.kind === 'add') {
        await api.addMember(change.email, change.role);
        return `${change.email} added to the team`;
      }
      await api.removeMember(change.id);
      return 'Removed from the team';
    },
  );
  const team = view.data ?? [];
  const { errors } = view;
  const email = useFieldState('email', errors);
  const [role, setRole] = useState<StaffRole | ''>('reviewer');
  const saving = view.busy;

  if (me.role !== 'admin') return <PageTitle title="Team">Team: only an admin can see this page</PageTitle>;
  return (
    <>
      <PageTitle title="Team" />
      <ResourceStatus actor={actor} view={view} />
      <table className="staff-table">
        <caption>{team.length} people can sign in to the staff area</caption>
        <TableHead columns={['Email', 'Role', 'Since', <span className="visually-hidden">Actions</span>]} />
        <tbody>
          {team.map((m) => (
            <tr key={m.id}>
              <th scope="row">{m.email}</th>
              <td>{m.role}</td>
              <td>{dates.day(m.since)}</td>
              <td>
                {m.configured
                  ? STAFF_MESSAGES.configuredAdminNote
                  : m.email !== me.email && (
                      <Button
                        look="link"
                        disabled={saving}
                        onClick={() => actor.send({ type: 'SAVE', request: { kind: 'remove', id: m.id } })}
                      >
                        Remove <span className="visually-hidden">{m.email}</span>
                      </Button>
                    )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Add a team member</h2>
      <Form
        onSubmit={() =>
          actor.send({ type: 'SAVE', request: { kind: 'add', email: email.value.trim(), role } })
        }
      >
        <TextField {...email} label="Email address" type="email" />
        <SelectField
          name="role"
          label="Role"
          hint="A reviewer reads applications and writes notes; an admin also decides and manages the team."
          value={role}
          onChange={(v) => setRole(v as StaffRole)}
          errors={errors}
          options={STAFF_ROLES.map((r) => ({ value: r, label: r === 'admin' ? 'Admin' : 'Reviewer' }))}
        />
        <BusyButton type="submit" busy={saving}>
          Add to the team
        </BusyButton>
      </Form>
    </>
  );
}
