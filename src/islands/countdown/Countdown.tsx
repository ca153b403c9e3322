import { useEffect, useState } from 'react';
import { formatEnd, formatTimeLeft, timeLeft } from '#/lib/countdown.ts';
import { useLateReady } from '#/islands/shared/ready.ts';

type Props = {
  /** End of the promotion, ISO 8601. */
  end: string;
  label?: string;
};

/**
 * A promotion's countdown: the HTML (shared, cached or prerendered) names the end itself, '27/11 às
 * 23h59'; once hydrated the island ticks the time left every second and hides the countdown at zero
 * (its box keeps its size, so nothing moves).
 */
export default function Countdown({ end, label = 'Termina em' }: Props) {
  useLateReady();
  const target = Date.parse(end);
  const [now, setNow] = useState<number | undefined>(undefined);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const left = now === undefined ? undefined : timeLeft(target, now);
  const text = left ? formatTimeLeft(left) : formatEnd(target);
  return (
    <p className="countdown" style={left?.done ? { visibility: 'hidden' } : undefined}>
      <span>{label}</span> <time dateTime={end}>{text}</time>
    </p>
  );
}
