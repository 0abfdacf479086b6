/**
 * Names of the fields a ratio with `commonDays` adds to each row: the days both of its sources
 * have (the only days it divides over) and each source's last day. The server's SQL and the KPI
 * tile's hint both read them from here.
 */
export const commonDaysFields = (measure: string) => ({
  from: `${measure}__days_from`,
  to: `${measure}__days_to`,
  numeratorLast: `${measure}__numerator_last`,
  denominatorLast: `${measure}__denominator_last`,
});
