import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { operatorRoles, type OperatorRole } from '../../../../shared/api/operators';
import { type OperatorJson } from '../../../../shared/api/operator-answers';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { queryKeys } from '../../../lib/query-keys';
import { changeOperator, createOperator, operatorsQueryOptions } from '../api/admin-query';
import { useIsAdmin, useOperator } from '../hooks/use-operator';
import '../../../components/data-table.css';
import './admin.css';
import './event-log.css';
import { FormError, WatchField } from './watch-field';

const roleLabels: Record<OperatorRole, string> = {
  operator: 'Operator: sites, policies, acknowledgements',
  admin: 'Admin: also channels, operators and the audit record',
};

/**
 * The operators' accounts, for admins: add one, change a role, disable an account (which signs
 * it out everywhere at once) or enable it again. The server keeps at least one enabled admin and
 * says so when a change would leave none.
 */
export default function OperatorsPanel() {
  const operator = useOperator();
  const admin = useIsAdmin();
  return (
    <section className="event-log" aria-labelledby="operators-title" data-testid="operators">
      <h2 id="operators-title" className="event-log__title">
        Operators
      </h2>
      {!operator ? (
        <EmptyBlock>Sign in as an admin to manage the operators.</EmptyBlock>
      ) : !admin ? (
        <EmptyBlock>
          Managing operators is for admins: ask one to add or change an account.
        </EmptyBlock>
      ) : (
        <>
          <AddOperatorForm />
          <OperatorsTable self={operator} />
        </>
      )}
    </section>
  );
}

function AddOperatorForm() {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('operator');
  const add = useMutation({
    mutationFn: () => createOperator({ username, password, role }),
    onSuccess: () => {
      setUsername('');
      setPassword('');
      setRole('operator');
      return queryClient.invalidateQueries({ queryKey: queryKeys.watch.operators() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form
      className="watch-form form-controls event-log__filters"
      onSubmit={submit}
      aria-label="Add an operator"
    >
      <div className="watch-form__row">
        <WatchField label="Username" hint="1 to 64 letters, digits, dots, dashes or underscores">
          {(field) => (
            <input
              {...field}
              value={username}
              autoComplete="off"
              required
              maxLength={64}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </WatchField>
        <WatchField label="Password" hint="At least 10 characters">
          {(field) => (
            <input
              {...field}
              type="password"
              value={password}
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={200}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </WatchField>
        <WatchField label="Role">
          {(field) => (
            <select
              {...field}
              value={role}
              onChange={(event) => setRole(event.target.value as OperatorRole)}
            >
              {operatorRoles.map((value) => (
                <option key={value} value={value}>
                  {roleLabels[value]}
                </option>
              ))}
            </select>
          )}
        </WatchField>
      </div>
      <div className="watch-form__actions">
        <button type="submit" className="button--primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add operator'}
        </button>
      </div>
      <FormError error={add.error} />
    </form>
  );
}

function OperatorsTable({ self }: { self: string }) {
  const operators = useQuery(operatorsQueryOptions());
  if (operators.isPending) return <LoadingBlock label="Loading the operators" lines={3} />;
  if (operators.isError)
    return (
      <ErrorBlock
        title="The operators could not be loaded"
        message={operators.error.message}
        onRetry={() => void operators.refetch()}
      />
    );
  return (
    <div className="data-table operators-table" role="region" aria-label="Operators" tabIndex={0}>
      <table>
        <caption>Operators, by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">State</th>
            <th scope="col">Added (UTC)</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {operators.data.map((operator) => (
            <OperatorRow key={operator.username} operator={operator} self={self} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperatorRow({ operator, self }: { operator: OperatorJson; self: string }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { role?: OperatorRole; disabled?: boolean }) =>
      changeOperator(operator.username, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.watch.operators() }),
  });
  const name = operator.username === self ? `${operator.username} (you)` : operator.username;
  return (
    <tr data-testid="operator-row">
      <th scope="row">{name}</th>
      <td>
        <label className="visually-hidden" htmlFor={`role-${operator.username}`}>
          Role of {operator.username}
        </label>
        <select
          id={`role-${operator.username}`}
          value={operator.role}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ role: event.target.value as OperatorRole })}
        >
          {operatorRoles.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </td>
      <td>{operator.disabled ? 'Disabled' : 'Enabled'}</td>
      <td>{`${operator.created_at.slice(0, 10)} ${operator.created_at.slice(11, 16)}`}</td>
      <td>
        <button
          type="button"
          disabled={change.isPending}
          onClick={() => change.mutate({ disabled: !operator.disabled })}
        >
          {operator.disabled ? 'Enable' : 'Disable'}
          <span className="visually-hidden"> {operator.username}</span>
        </button>
        <FormError error={change.error} />
      </td>
    </tr>
  );
}
