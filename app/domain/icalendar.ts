// iCalendar (RFC 5545) text for the calendar feeds (docs/decisions/0043-calendar-feeds-and-customer-links.md).
// A day is written as a DATE (an all-day event on the shop's calendar day, the same day on every phone, whatever
// zone it is in); an instant as a UTC DATE-TIME ('Z'), which every calendar app shows in the phone's own zone. So
// the feed needs no VTIMEZONE, and no daylight-saving rule can put an event on the wrong day or hour.

/** A calendar day, 'YYYY-MM-DD', or an instant (epoch milliseconds). */
export type IcsWhen = { day: string } | { at: number };

export type IcsEvent = {
  uid: string;
  summary: string;
  start: IcsWhen;
  /** The last day of an all-day event (inclusive, as staff say it); absent: the start day alone, or an instant. */
  lastDay?: string;
  description?: string;
  url?: string;
  categories?: string[];
  /** RFC 5545 STATUS of a VEVENT. */
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  transparent?: boolean;
};

export type IcsCalendar = { name: string; prodId: string; stamp: number; events: IcsEvent[]; refreshMinutes?: number };

const CRLF = "\r\n";
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** TEXT values: backslash, semicolon and comma escaped, every line break (CRLF, CR, LF) as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * One content line folded at 75 octets (RFC 5545 §3.1): a long line goes on after CRLF and a space, which counts
 * in the next line's 75. A UTF-8 character (an emoji, an accented letter) is never split between two lines.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const out: string[] = [];
  let current = "";
  let size = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (size + octets > limit) {
      out.push(current);
      current = "";
      size = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    size += octets;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant as a UTC DATE-TIME: 20261208T143000Z. */
export function utcStamp(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' as a DATE value, 20261208. */
export function icsDate(day: string): string {
  const m = PLAIN_DAY.exec(day);
  if (!m) throw new RangeError(`Not a calendar day: ${day}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

/** The calendar day after `day` (an all-day event's DTEND is the day after its last). */
export function nextDay(day: string): string {
  const m = PLAIN_DAY.exec(day);
  if (!m) throw new RangeError(`Not a calendar day: ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function eventLines(e: IcsEvent, stamp: string): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${escapeText(e.uid)}`, `DTSTAMP:${stamp}`];
  if ("day" in e.start) {
    const last = e.lastDay && e.lastDay > e.start.day ? e.lastDay : e.start.day;
    lines.push(`DTSTART;VALUE=DATE:${icsDate(e.start.day)}`, `DTEND;VALUE=DATE:${icsDate(nextDay(last))}`);
  } else {
    // A moment, not a span: without DTEND or DURATION it ends as it starts (RFC 5545 §3.6.1).
    lines.push(`DTSTART:${utcStamp(e.start.at)}`);
  }
  lines.push(`SUMMARY:${escapeText(e.summary)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.url) lines.push(`URL:${e.url}`);
  if (e.categories?.length) lines.push(`CATEGORIES:${e.categories.map(escapeText).join(",")}`);
  if (e.status) lines.push(`STATUS:${e.status}`);
  if (e.transparent) lines.push("TRANSP:TRANSPARENT");
  lines.push("END:VEVENT");
  return lines;
}

/** A whole VCALENDAR: CRLF line ends, every line folded, ending with CRLF. */
export function icsCalendar(cal: IcsCalendar): string {
  const stamp = utcStamp(cal.stamp);
  const refresh = cal.refreshMinutes ?? 60;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${cal.prodId}`,
    "CALSCALE:GREGORIAN",
    `NAME:${escapeText(cal.name)}`,
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    // How often a calendar app should fetch the feed again (RFC 7986, and the older name Outlook and Apple read).
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refresh}M`,
    `X-PUBLISHED-TTL:PT${refresh}M`,
    ...cal.events.flatMap((e) => eventLines(e, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
