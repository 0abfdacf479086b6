/** The part of jstat (dist/jstat.js, no types of its own) the anomaly test uses. */
declare module 'jstat' {
  const jStat: {
    studentt: {
      /** Quantile (inverse CDF) of Student's t with `dof` degrees of freedom. */
      inv(p: number, dof: number): number;
    };
  };
  export default jStat;
}
