// Types for the untyped vader-sentiment package, limited to what the baseline uses.
declare module 'vader-sentiment' {
  interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    /** Normalised sum of valences, -1..1; the published cut-offs are ±0.05. */
    compound: number;
  }
  const vader: { SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores } };
  export default vader;
}
