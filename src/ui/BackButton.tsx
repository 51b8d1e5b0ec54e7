/** Back to the step before: a button that reads as a link, its arrow mirrored right to left. */
export function BackButton(props: { onClick: () => void; label: string }) {
  return (
    <button type="button" className="login-back" onClick={props.onClick}>
      <span className="login-back-arrow" aria-hidden="true">
        ←
      </span>
      {props.label}
    </button>
  );
}
