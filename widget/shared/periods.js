// Rating periods as the widget names them ("YYYY-MM", a list's month): pure, for any view.

/** The month it is now, as a rating period ("2025-11"): the default period. */
export function currentPeriod(now = new Date()) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}
