import { useEffect, useState } from "react";
import {
  RELATIVE_TIME_REFRESH_MS,
  fullDate,
  relativePhrase,
  toDate,
} from "@library/src/formatting/relativeTime";

export interface DateTimeProps {
  timestamp: string | number | Date;
  className?: string;
}

/** A `<time>` showing relative time, the full date as title, refreshed every 30 s. */
export function DateTime({ timestamp, className }: DateTimeProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), RELATIVE_TIME_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  const value = toDate(timestamp);
  const valid = Number.isNaN(value.getTime()) ? new Date(0) : value;
  return (
    <time className={className} dateTime={valid.toISOString()} title={fullDate(valid)}>
      {relativePhrase(valid, now)}
    </time>
  );
}
