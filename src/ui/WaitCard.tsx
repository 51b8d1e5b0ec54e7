import { ViewHeading } from './ViewHeading.tsx';

/**
 * A view that waits (the page loading, or leaving for another): its title, a spinner, what is
 * happening (announced), and a link for those who cannot wait.
 */
export function WaitCard(props: {
  /** The title's id (the card is labelled by it). */
  id: string;
  title: string;
  status: string;
  /** Still loading: the card says it is busy. */
  busy?: boolean;
  link?: { href: string; label: string } | undefined;
}) {
  return (
    <section
      className="card center stack"
      aria-labelledby={props.id}
      aria-busy={props.busy === true || undefined}
    >
      <ViewHeading id={props.id}>{props.title}</ViewHeading>
      <div className="spinner" aria-hidden="true" />
      <p className="muted" role="status">
        {props.status}
      </p>
      {props.link && (
        <a className="button button-secondary" href={props.link.href}>
          {props.link.label}
        </a>
      )}
    </section>
  );
}
