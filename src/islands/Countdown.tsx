import { useEffect, useState } from 'react';
import { formatTimeLeft, timeLeft } from '../lib/countdown.ts';
import { useLateReady } from './shared/ready.ts';

type Props = {
  /** End of the promotion, ISO 8601. */
  end: string;
  /** When the server rendered the page (ms): the first client render shows the same text. */
  renderedAt: number;
  label?: string;
};

/**
 * A promotion's countdown: the server writes the time left, the island ticks every second and hides
 * the countdown at zero (its box keeps its size, so nothing moves).
 */
export default function Countdown({ end, renderedAt, label = 'Termina em' }: Props) {
  useLateReady();
  const target = Date.parse(end);
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const left = timeLeft(target, now);
  return (
    <p className="countdown" style={left.done ? { visibility: 'hidden' } : undefined}>
      <span>{label}</span>{' '}
      <time dateTime={end} aria-label={`${label} ${formatTimeLeft(left)}`}>
        {formatTimeLeft(left)}
      </time>
    </p>
  );
}
