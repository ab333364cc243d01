/** Formatting of branch details for the public pages: opening hours, map links and phone links. */
import type { Branch } from "@bureau/domain/contracts/reference-data";

/** "09:00" → "9AM", "17:30" → "5:30PM": the way the footer and the spec write opening hours. */
export function formatHour(time: string): string {
  const [hourText = "0", minuteText = "00"] = time.split(":");
  const hour = Number(hourText);
  const suffix = hour >= 12 ? "PM" : "AM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return minuteText === "00" ? `${hour12}${suffix}` : `${hour12}:${minuteText}${suffix}`;
}

/**
 * Groups consecutive days with the same hours: "Monday to Saturday 9AM to 5PM", "Sunday 10AM to 3PM".
 * The days come from the branches table in week order.
 */
export function summariseOpeningHours(hours: Branch["hours"]): string[] {
  const groups: { first: string; last: string; opens: string; closes: string }[] = [];
  for (const day of hours) {
    const previous = groups.at(-1);
    if (previous && previous.opens === day.opens && previous.closes === day.closes) previous.last = day.day;
    else groups.push({ first: day.day, last: day.day, opens: day.opens, closes: day.closes });
  }
  return groups.map((group) => {
    const days = group.first === group.last ? group.first : `${group.first} to ${group.last}`;
    return `${days} ${formatHour(group.opens)} to ${formatHour(group.closes)}`;
  });
}

export function googleMapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export function googleMapsEmbedUrl(query: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}
