import { useEffect, useState } from 'react';
import { formatEnd, formatTimeLeft, timeLeft } from '#/lib/countdown.ts';
import { useLateReady } from '#/islands/shared/ready.ts';

type Props = {
  /** End of the promotion, ISO 8601. */
  end: string;
  label?: string;
  /** What it says once the end has passed (the HTML was rendered before it, the reader came after). */
  endedText?: string;
};

/**
 * A promotion's countdown: the HTML (shared, cached or prerendered) names the end itself, '27/11 às
 * 23h59'; once hydrated the island ticks the time left every second and, at zero, says the offer ended
 * (never an invitation to a sale that is over) in the same box, so nothing moves.
 */
export default function Countdown({ end, label = 'Termina em', endedText = 'Esta oferta terminou.' }: Props) {
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
  if (left?.done)
    return (
      <p className="countdown countdown--ended" role="status">
        {endedText}
      </p>
    );
  const text = left ? formatTimeLeft(left) : formatEnd(target);
  return (
    <p className="countdown">
      <span>{label}</span> <time dateTime={end}>{text}</time>
    </p>
  );
}
