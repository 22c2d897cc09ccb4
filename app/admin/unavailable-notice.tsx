/**
 * A save the database did not answer (decision 088): said above the form, which comes back
 * with what was typed, so sending it again once the database is back saves it.
 */
export function UnavailableNotice({ message }: { message: string }) {
  return (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>
        <strong>Not saved.</strong> {message}
      </p>
      <p>What you typed is still in the form below: send it again once the database is back.</p>
    </div>
  );
}
