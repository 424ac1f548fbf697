import { useEffect, useState } from "react";
import dayjs from "dayjs";
import { RELATIVE_TIME_REFRESH_MS, fullDate, relativePhrase } from "@library/src/formatting/relativeTime";

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
  const value = dayjs(timestamp);
  const valid = value.isValid() ? value : dayjs(0);
  return (
    <time className={className} dateTime={valid.toISOString()} title={fullDate(valid)}>
      {relativePhrase(valid, now)}
    </time>
  );
}
