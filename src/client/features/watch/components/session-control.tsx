import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { escapeCloses } from '../../../lib/escape-closes';
import { queryKeys } from '../../../lib/query-keys';
import { sessionQueryOptions } from '../api/session-query';
import { createFirstOperator, type Credentials, signIn, signOut } from '../api/watch-writes';
import './session-control.css';
import { FormError, WatchField } from './watch-field';

/**
 * Who is signed in, and the way in or out. Reading the watch needs no account; changing it
 * does. On a Skydeck with no operator yet, the first one is created here.
 */
export default function SessionControl() {
  const id = useId();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const [open, setOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.watch.session() });
  const leave = useMutation({ mutationFn: signOut, onSettled: refresh });

  if (!session.data) return null;
  const operator = session.data.operator;
  if (operator)
    return (
      <div className="session">
        <span className="session__who" data-testid="signed-in-as">
          Signed in as <strong>{operator.username}</strong>
        </span>
        <button type="button" onClick={() => leave.mutate()} disabled={leave.isPending}>
          Sign out
        </button>
      </div>
    );

  const setup = session.data.setup_required;
  return (
    <div className="session" onKeyDown={escapeCloses(open, () => setOpen(false), `${id}-button`)}>
      <button
        type="button"
        id={`${id}-button`}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((current) => !current)}
      >
        {setup ? 'Create the admin account' : 'Sign in'}
      </button>
      {open && (
        <SignInForm
          id={`${id}-form`}
          setup={setup}
          onDone={() => {
            setOpen(false);
            void refresh();
          }}
        />
      )}
    </div>
  );
}

function SignInForm({ id, setup, onDone }: { id: string; setup: boolean; onDone: () => void }) {
  const [username, setUsername] = useState(setup ? 'admin' : '');
  const [password, setPassword] = useState('');
  const [setupCode, setSetupCode] = useState('');
  const submit = useMutation({
    mutationFn: (credentials: Credentials) =>
      setup
        ? createFirstOperator({ ...credentials, setup_code: setupCode.trim() })
        : signIn(credentials),
    onSuccess: onDone,
    onError: () => setPassword(''),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate({ username: username.trim(), password });
  };
  const title = setup ? 'Create the admin account' : 'Sign in';
  // The form hangs from its button's right edge; where the toolbar wraps and puts the button at
  // the left, that would push the form off the screen, so it hangs from the left edge instead.
  // The toolbar wraps anew as the views it offers load, so this is asked again as it resizes.
  const form = useRef<HTMLFormElement>(null);
  const [fromStart, setFromStart] = useState(false);
  useLayoutEffect(() => {
    const anchor = form.current?.parentElement;
    if (!anchor) return;
    const place = () =>
      setFromStart(anchor.getBoundingClientRect().right < (form.current?.offsetWidth ?? 0));
    place();
    const observer = new ResizeObserver(place);
    observer.observe(anchor);
    if (anchor.parentElement) observer.observe(anchor.parentElement);
    return () => observer.disconnect();
  }, []);
  return (
    <form
      ref={form}
      className={`session__form watch-form form-controls${fromStart ? ' session__form--start' : ''}`}
      id={id}
      onSubmit={onSubmit}
      aria-label={title}
    >
      <h2 className="session__title">{title}</h2>
      {setup && (
        <p className="watch-form__note">
          Skydeck has no operator yet. The first account can add others (npm run user).
        </p>
      )}
      {setup && (
        <WatchField
          label="Setup code"
          hint={'In the server\'s log, on the line with "event":"setup-code" (like ABCD-EFGH-JKLM)'}
        >
          {(field) => (
            <input
              {...field}
              name="setup_code"
              autoComplete="off"
              spellCheck={false}
              required
              value={setupCode}
              onChange={(event) => setSetupCode(event.target.value)}
            />
          )}
        </WatchField>
      )}
      <WatchField label="Username">
        {(field) => (
          <input
            {...field}
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        )}
      </WatchField>
      <WatchField label="Password" hint={setup ? 'At least 10 characters' : undefined}>
        {(field) => (
          <input
            {...field}
            name="password"
            type="password"
            autoComplete={setup ? 'new-password' : 'current-password'}
            required
            minLength={setup ? 10 : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </WatchField>
      <FormError error={submit.error} />
      <button type="submit" className="button--primary" disabled={submit.isPending}>
        {setup ? 'Create account' : 'Sign in'}
      </button>
    </form>
  );
}
